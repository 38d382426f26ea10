// The export files page (R-UI-07); the page lives in the finance-files feature.
export { ExportFilesLayout as ExportLayout } from '@/features/finance-files';
