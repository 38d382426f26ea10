export { FluxSearch, type FluxExportSlotProps } from './components/FluxSearch';
export { FLUX_EXPORT_FIELDS } from './utils/export-fields';
export { useFluxSearch } from './hooks/use-flux-search';
export { fluxSearchMessages } from './messages';
// Composed by the structure's page (app/pages), which may not reach into the feature.
export { AccountStatementDialog } from './components/AccountStatementDialog';
export { DocumentPackButton } from './components/DocumentPackButton';
