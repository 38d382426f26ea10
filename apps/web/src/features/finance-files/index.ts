// Export des fichiers: the page's layout, the Sage and FEC files, the SEPA direct debits and bank returns.
export { ExportFilesLayout } from './components/ExportFilesLayout';
export { SageExportPanel } from './components/SageExportPanel';
export { SepaDirectDebitSection } from './components/SepaDirectDebitSection';
export { SepaReturnImport } from './components/SepaReturnImport';
