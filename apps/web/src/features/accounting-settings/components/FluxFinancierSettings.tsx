import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCurrentStructure } from '@/lib/session';
import { getReferences, listSettings } from '../api/settings-api';
import { accountingSettingsMessages as m } from '../messages';
import { FiscalYearsSection } from './FiscalYearsSection';
import { SettingsList } from './SettingsList';
import { ShareRulesSection } from './ShareRulesSection';
import { ThirdPartyRuleForm } from './ThirdPartyRuleForm';

/**
 * Flux financier: each flux category (or tarif) -> account, journal, analytic section; the
 * third-party account rule; the fiscal years and their validation; the head office's share rules
 * of the ligues and comités.
 */
export function FluxFinancierSettings() {
  const { structureId } = useCurrentStructure();
  const references = useQuery({
    queryKey: ['parametrages-comptables', structureId, 'references'],
    queryFn: () => getReferences(structureId),
  });
  const comptes = useQuery({
    queryKey: ['parametrages-comptables', structureId, 'comptes'],
    queryFn: () => listSettings(structureId, 'comptes'),
  });
  const sections = useQuery({
    queryKey: ['parametrages-comptables', structureId, 'sections-analytiques'],
    queryFn: () => listSettings(structureId, 'sections-analytiques'),
  });
  const categories = new Map(references.data?.categories.map((c) => [c.id, c.NomCategoryFlux]));
  const tarifs = new Map(
    references.data?.tarifs.map((t) => [t.id, `${t.NomTarif}${t.ID_Saison ? ` (${t.ID_Saison})` : ''}`]),
  );
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {m.mappingsTitle}
      </Typography>
      <SettingsList
        resource="mappings-flux"
        label={m.mappingsLabel}
        columns={[
          {
            key: 'ID_CategoryFlux',
            label: m.categorie,
            render: (r) => categories.get(Number(r.ID_CategoryFlux)) ?? '',
          },
          { key: 'ID_Tarif', label: m.tarif, render: (r) => tarifs.get(Number(r.ID_Tarif)) ?? '' },
          { key: 'CompteNumero', label: m.compte },
          { key: 'JournalCode', label: m.journal },
          { key: 'CodeSection', label: m.section },
        ]}
        fields={[
          {
            key: 'ID_CategoryFlux',
            label: m.categorie,
            numeric: true,
            nullable: true,
            options: [...categories].map(([id, label]) => ({ value: String(id), label })),
          },
          {
            key: 'ID_Tarif',
            label: m.tarif,
            numeric: true,
            nullable: true,
            options: [...tarifs].map(([id, label]) => ({ value: String(id), label })),
          },
          {
            key: 'CompteNumero',
            label: m.compte,
            options: comptes.data?.map((c) => ({ value: String(c.Numero), label: `${c.Numero} ${c.Libelle}` })) ?? [],
          },
          { key: 'JournalCode', label: m.journal, upperCase: true },
          {
            key: 'CodeSection',
            label: m.section,
            nullable: true,
            options: sections.data?.map((s) => ({ value: String(s.Code), label: `${s.Code} ${s.Libelle}` })) ?? [],
          },
        ]}
      />
      <ThirdPartyRuleForm />
      <FiscalYearsSection />
      <ShareRulesSection />
    </>
  );
}
