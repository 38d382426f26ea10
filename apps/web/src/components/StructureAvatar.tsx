import Avatar from '@mui/material/Avatar';

/** Up to two initials of the significant words: "Club Alpin de Lyon" -> "CA". */
export function structureInitials(name: string): string {
  const words = name.split(/[\s\-']+/).filter((word) => word.length > 2 || /^[A-Z0-9]+$/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * A structure's avatar (SPEC.md section 9: 102 on layouts, 52 by default). Shows the
 * logo when `src` is given, the initials otherwise (and while the logo is missing).
 */
export function StructureAvatar({ name, src, size = 52 }: { name: string; src?: string; size?: number }) {
  return (
    <Avatar
      src={src}
      alt={name}
      sx={{ width: size, height: size, fontSize: size / 2.6, bgcolor: 'primary.light', color: 'primary.contrastText' }}
    >
      {structureInitials(name)}
    </Avatar>
  );
}
