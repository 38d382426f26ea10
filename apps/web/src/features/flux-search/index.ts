export { FluxSearch } from './components/FluxSearch';
export { fluxSearchMessages } from './messages';
// Composed by the structure's page (app/pages), which may not reach into the feature.
export { AccountStatementDialog } from './components/AccountStatementDialog';
export { DocumentPackButton } from './components/DocumentPackButton';
