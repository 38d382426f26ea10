import { accountingSettingsMessages as m } from '../messages';
import { SettingsList } from './SettingsList';

/** Plan comptable: accounts (the class is derived from the number by the server). */
export function PlanComptableSettings() {
  return (
    <SettingsList
      resource="comptes"
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

export function TypeFacturationSettings() {
  return <SettingsList resource="types-facturation" columns={codeLabel} fields={codeLabelFields} />;
}

export function PlanAnalytiqueSettings() {
  return <SettingsList resource="sections-analytiques" columns={codeLabel} fields={codeLabelFields} />;
}
