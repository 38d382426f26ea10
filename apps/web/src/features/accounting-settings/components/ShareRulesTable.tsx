import type { ShareRulesAnswer, ShareRuleView } from '@gdf/domain';
import { DataTable } from '@/components/DataTable';
import { accountingSettingsMessages } from '../messages';
import { seasonLabel, shareText, tarifLabel } from './share-rule-form';

const m = accountingSettingsMessages.shares;

/** A rule's target: a category by its name, a tarif with its price and season (several share a name). */
function targetText(answer: ShareRulesAnswer, rule: ShareRuleView): string {
  const tarif = rule.tarif === null ? undefined : answer.tarifs.find((t) => t.id === rule.tarif);
  if (rule.tarif !== null) return m.targetOfTarif(tarif ? tarifLabel(answer, tarif) : rule.cible);
  return m.targetOfCategory(rule.cible);
}

/** R-PAY-01: the levels' share rules, each from its season on (the history stays listed). */
export function ShareRulesTable({ answer }: { answer: ShareRulesAnswer }) {
  return (
    <DataTable
      label={m.tableLabel}
      container="plain"
      columns={[
        {
          id: 'target',
          header: m.columns.target,
          cell: (rule: ShareRuleView) => targetText(answer, rule),
          rowHeader: true,
        },
        { id: 'level', header: m.columns.level, cell: (rule: ShareRuleView) => m.levels[rule.niveau] },
        { id: 'share', header: m.columns.share, cell: (rule: ShareRuleView) => shareText(rule), align: 'right' },
        {
          id: 'from',
          header: m.columns.from,
          cell: (rule: ShareRuleView) => seasonLabel(answer.saisons, rule.saisonDebut),
        },
      ]}
      rows={answer.regles}
      rowKey={(rule) => rule.id}
      empty={m.empty}
    />
  );
}
