import { ModuleSlug, PermissionAction, actionGrant } from '@gdf/domain';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/ErrorAlert';
import { isAccessRefusal } from '@/components/refusal';
import { useSession } from '@/lib/session';
import { useShareRules } from '../hooks/use-share-rules';
import { accountingSettingsMessages } from '../messages';
import { ShareRuleForm } from './ShareRuleForm';
import { ShareRulesTable } from './ShareRulesTable';

const m = accountingSettingsMessages.shares;
const RULES_WRITE = actionGrant(ModuleSlug.ParamFluxFinancier, PermissionAction.Ecriture);

/**
 * R-PAY-01: 'Quotes-parts des ligues et comités', the head office's rules. Another structure is
 * refused them (403) and sees nothing of the section; a reader without the write grant sees the
 * rules without the form.
 */
export function ShareRulesSection() {
  const { me, grants } = useSession();
  const rules = useShareRules();
  if (rules.isError && isAccessRefusal(rules.error)) return null;
  if (rules.isPending) return <LinearProgress aria-label={m.loading} sx={{ mt: 4 }} />;
  const mayWrite = me.isSuperAdmin || grants.includes(RULES_WRITE);
  return (
    <Stack component="section" aria-labelledby="share-rules-title" spacing={1.5} sx={{ mt: 4 }}>
      <Typography id="share-rules-title" component="h3" variant="subtitle1">
        {m.title}
      </Typography>
      <Typography variant="body2">{m.help}</Typography>
      {/* R-PAY-03: each share is rounded down to the cent, the federation keeps the rest. */}
      <Typography variant="body2" color="text.secondary">
        {m.rounding}
      </Typography>
      {rules.isError ? (
        <ErrorAlert error={rules.error} onRetry={() => void rules.refetch()}>
          {m.loadFailed}
        </ErrorAlert>
      ) : (
        <>
          {mayWrite && <ShareRuleForm answer={rules.data} />}
          <ShareRulesTable answer={rules.data} />
        </>
      )}
    </Stack>
  );
}
