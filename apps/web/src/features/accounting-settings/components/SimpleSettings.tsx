import type { AccountingResource } from '@gdf/domain';
import { accountingSettingsMessages as m } from '../messages';
import { SettingsList } from './SettingsList';

/** Plan comptable: accounts (the class is derived from the number by the server). */
export function PlanComptableSettings() {
  return (
    <SettingsList
      resource="comptes"
      label={m.comptesLabel}
      columns={[
        { key: 'Numero', label: m.numero },
        { key: 'Libelle', label: m.libelle },
        { key: 'Classe', label: m.classe },
      ]}
      fields={[
        { key: 'Numero', label: m.numero, upperCase: true },
        { key: 'Libelle', label: m.libelle },
      ]}
    />
  );
}

const codeLabel = [
  { key: 'Code', label: m.code },
  { key: 'Libelle', label: m.libelle },
];
const codeLabelFields = [
  { key: 'Code', label: m.code, upperCase: true },
  { key: 'Libelle', label: m.libelle },
];

/** Settings made of a code and a label (types de facturation, sections analytiques). */
function CodeLabelSettings({ resource, label }: { resource: AccountingResource; label: string }) {
  return <SettingsList resource={resource} label={label} columns={codeLabel} fields={codeLabelFields} />;
}

export function TypeFacturationSettings() {
  return <CodeLabelSettings resource="types-facturation" label={m.typesFacturationLabel} />;
}

export function PlanAnalytiqueSettings() {
  return <CodeLabelSettings resource="sections-analytiques" label={m.sectionsLabel} />;
}
