import { formatEuros, type SepaPreview } from '@gdf/domain';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { sepaMessages } from '../messages';

/**
 * The file's totals and 'Générer et télécharger le fichier', sticky under the app bar (issue
 * 19 item 3): they stay in view while the list of structures scrolls below them.
 */
export function SepaSummaryBar({
  preview,
  disabled,
  generating,
  onGenerate,
}: {
  preview: SepaPreview;
  disabled: boolean;
  generating: boolean;
  onGenerate: () => void;
}) {
  return (
    <Paper
      component="section"
      aria-label={sepaMessages.summaryLabel}
      variant="outlined"
      sx={{
        position: 'sticky',
        // Below the sticky app bar (56 px on phones, 64 px from 600 px wide).
        top: { xs: 56, sm: 64 },
        zIndex: 2,
        mb: 2,
        px: 2,
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        boxShadow: 2,
      }}
    >
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>
        {sepaMessages.summary(preview.nbFlux, formatEuros(preview.totalCents), preview.structures.length)}
      </Typography>
      <Button variant="contained" disabled={disabled} onClick={onGenerate}>
        {generating ? sepaMessages.generating : sepaMessages.generate}
      </Button>
    </Paper>
  );
}
