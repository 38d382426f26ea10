import Avatar from '@mui/material/Avatar';
import { useEffect } from 'react';
import { componentMessages } from './messages';
import { useOptionalCurrentStructure } from './use-optional-structure';
import { useStructureLogo } from './use-structure-logo';

/** Up to two initials of the significant words: "Club Alpin de Lyon" -> "CA". */
export function structureInitials(name: string): string {
  const words = name.split(/[\s\-']+/).filter((word) => word.length > 2 || /^[A-Z0-9]+$/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

interface StructureAvatarProps {
  /** The structure shown; the session's current structure when omitted. */
  structure?: { id: number; name: string };
  /** R-UI-08: 52 by default, 102 on the layouts. */
  size?: number;
}

/**
 * A structure's logo, its initials until (or unless) the logo loads. Without any
 * structure to show (no prop, no session) it logs an error and shows an empty avatar,
 * no message (R-UI-08).
 */
export function StructureAvatar({ structure, size = 52 }: StructureAvatarProps) {
  const current = useOptionalCurrentStructure();
  const shown = structure ?? (current ? { id: current.structureId, name: current.structureName } : undefined);
  const src = useStructureLogo(shown?.id, current?.structureId);
  const missing = shown === undefined;

  useEffect(() => {
    if (missing) console.error('StructureAvatar : aucune structure en contexte, avatar non chargé.');
  }, [missing]);

  const sx = {
    width: size,
    height: size,
    fontSize: size / 2.6,
    bgcolor: 'primary.light',
    color: 'primary.contrastText',
  };
  if (!shown) return <Avatar sx={sx} aria-hidden="true" />;
  const label = componentMessages.structureAvatar(shown.name);
  // With a logo the <img> carries the name (alt); with initials the avatar itself does.
  const naming = src ? { alt: label } : { role: 'img', 'aria-label': label };
  return (
    <Avatar src={src} {...naming} sx={sx}>
      {structureInitials(shown.name)}
    </Avatar>
  );
}
