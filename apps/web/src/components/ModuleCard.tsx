import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { CardState } from '@gdf/domain';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { componentMessages } from './messages';
import { ReasonTooltip } from './ReasonTooltip';
import { visuallyHidden } from './visually-hidden';

/** 'route': client-side navigation; 'external': a plain <a href>, loaded anew in the same tab. */
export interface ModuleCardLink {
  kind: 'route' | 'external';
  href: string;
}

interface ModuleCardProps {
  title: string;
  description: string;
  icon: ReactNode;
  state: CardState;
  /** Where an enabled card leads. */
  link?: ModuleCardLink;
}

const CARD_HEIGHT = 168;

/**
 * A dashboard card (R-UI-04, R-PERM-02). Enabled: a link. Disabled (coming soon, blocked,
 * not affiliated, no permission): greyed, not clickable, aria-disabled, yet focusable so
 * that its tooltip is reachable by keyboard as well as by mouse.
 */
export function ModuleCard({ title, description, icon, state, link }: ModuleCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  const reasonId = useId();
  const body = (
    <Box sx={{ p: 2.5, height: CARD_HEIGHT, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', color: 'primary.main' }}>
        {icon}
        {!state.enabled && <StateBadge state={state} />}
      </Box>
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 500, lineHeight: 1.3 }}>
        {title}
      </Typography>
      <Typography id={descriptionId} variant="body2" color="text.secondary">
        {description}
      </Typography>
    </Box>
  );

  if (state.enabled && link) {
    const linkProps =
      link.kind === 'external'
        ? { component: 'a' as const, href: link.href }
        : { component: RouterLink, to: link.href };
    return (
      <Card
        variant="outlined"
        sx={{ height: '100%', '&:hover': { borderColor: 'primary.main' } }}
        data-card-state={state.kind}
      >
        <CardActionArea
          {...linkProps}
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          sx={{ height: '100%' }}
        >
          {body}
        </CardActionArea>
      </Card>
    );
  }

  const reason = state.tooltip ?? '';
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', bgcolor: 'action.hover', color: 'text.disabled', cursor: 'not-allowed' }}
      data-card-state={state.kind}
    >
      <ReasonTooltip reason={reason}>
        <Box
          role="link"
          tabIndex={0}
          aria-disabled="true"
          aria-labelledby={titleId}
          aria-describedby={`${descriptionId} ${reasonId}`}
          sx={{
            height: '100%',
            opacity: 0.65,
            outline: 'none',
            '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`, opacity: 0.85 },
          }}
        >
          {body}
          <Box component="span" id={reasonId} sx={visuallyHidden}>
            {reason}
          </Box>
        </Box>
      </ReasonTooltip>
    </Card>
  );
}

function StateBadge({ state }: { state: CardState }) {
  return state.kind === 'coming_soon' ? (
    <Chip size="small" icon={<HourglassEmptyOutlined />} label={componentMessages.comingSoon} />
  ) : (
    <Chip size="small" icon={<LockOutlined />} label={componentMessages.unavailable} />
  );
}
