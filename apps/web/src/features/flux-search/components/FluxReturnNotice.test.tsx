import type { MeResponse } from '@gdf/domain';
import { FLUX_RELAUNCH } from '@gdf/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import type { FluxDetail } from '../api/get-flux-detail';
import { FluxReturnNotice } from './FluxReturnNotice';

const rejected: FluxDetail = {
  id: 501,
  NomFluxFinancier: 'Licence adulte Dupont',
  ID_CategoryFlux: 5,
  EST_Debit: true,
  EST_Reglement: false,
  ID_FluxFinancierRelance: null,
  STR_Structure: { NomStructure: 'Club Alpin de Lyon' },
  MKP_RetourPrelevement: { CodeRaison: 'AM04', DateRetour: '2026-03-10', TypeRetour: 'rejet' },
  MKP_FluxFinancierDetail: [],
};

describe('a rejected debit, said to whoever reads it (R-RET-04, R-PERM-08)', () => {
  it('to a holder of the relaunch grant: it can be relaunched', () => {
    const me: MeResponse = { ...headOfficeMe(['gestion_des_finances']), grants: { '1318': [FLUX_RELAUNCH] } };
    renderWithSession(<FluxReturnNotice flux={rejected} />, me);
    expect(screen.getByText(/AM04 - Provision insuffisante\. Il peut être relancé/)).toBeInTheDocument();
  });

  it('to a user who cannot relaunch (a club): the head office can present it again', () => {
    renderWithSession(<FluxReturnNotice flux={rejected} />, headOfficeMe(['gestion_des_finances']));
    expect(screen.getByText(/Le siège peut représenter ce prélèvement/)).toBeInTheDocument();
    expect(screen.queryByText(/Il peut être relancé/)).toBeNull();
  });
});
