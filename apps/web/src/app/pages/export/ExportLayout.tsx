// The export files page (R-UI-07); the page lives in the export-files feature.
export { ExportFilesLayout as ExportLayout } from '@/features/export-files';
