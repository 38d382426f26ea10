import type { ExportPreview, MeResponse } from '@gdf/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '@/test/render-with-session';
import { SagePreview } from './SagePreview';

const me = {
  user: { id: 1, email: 'siege@demo.fr', firstName: 'Siège', lastName: 'Démo', isSuperAdmin: false },
  memberships: [{ structureId: 1318, structureName: 'Siège', structureType: 7, roleSlug: 'administrateur_si' }],
  permissions: { '1318': ['export__sage'] },
  grants: {},
} as unknown as MeResponse;

const preview: ExportPreview = {
  entryCount: 2,
  lineCount: 4,
  totalDebitCents: 13_345,
  totalCreditCents: 13_345,
  journals: ['VE'],
  unmappedCount: 0,
  valide: false,
  unmapped: [],
};
const DRAFT = 'Période non validée : le fichier sera un brouillard (écritures provisoires).';
const VALIDATED = 'Période validée : le fichier reprend les écritures validées.';

describe('SAGE preview: validated or provisional (R-LEDG-10)', () => {
  it('warns that a range not validated gives a provisional file', () => {
    renderWithSession(<SagePreview preview={preview} />, me);
    expect(screen.getByText(DRAFT).closest('[role="alert"]')).toHaveClass('MuiAlert-colorWarning');
    expect(screen.queryByText(VALIDATED)).toBeNull();
  });

  it('says a validated range gives the validated entries', () => {
    renderWithSession(<SagePreview preview={{ ...preview, valide: true }} />, me);
    expect(screen.getByText(VALIDATED).closest('[role="alert"]')).toHaveClass('MuiAlert-colorInfo');
    expect(screen.queryByText(DRAFT)).toBeNull();
  });
});
