import type { FluxViewer } from '../columns/flux-column-types';
import { FLUX_FIELDS, type FluxRow } from '../columns/flux-columns';
import { selectionText } from '../columns/selection';

/** One results row, as the search query selects it (R-SEARCH-08): derived from FLUX_FIELDS. */
export type { FluxRow };

/** MKP_RetourPrelevement as the search reads it (read-only, ADR 0012). */
export type FluxReturn = NonNullable<FluxRow['MKP_RetourPrelevement']>;

/** The row's GraphQL selection for `viewer`: the head office's fields for the head office only. */
export const fluxRowFields = (viewer: FluxViewer) => selectionText(FLUX_FIELDS, viewer.headOffice);

/** The selection of anyone but the head office (the load bench sends it). */
export const FLUX_ROW_FIELDS = fluxRowFields({ headOffice: false });

export type FluxOrderBy = Record<string, unknown>[];
