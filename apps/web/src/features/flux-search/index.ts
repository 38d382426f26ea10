export { FluxSearch, type FluxExportSlotProps } from './components/FluxSearch';
export { FLUX_EXPORT_FIELDS } from './utils/export-fields';
export { useFluxSearch } from './hooks/use-flux-search';
export { fluxSearchMessages } from './messages';
