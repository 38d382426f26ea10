// SPEC.md screen 7; the page lives in the export-files feature.
export { ExportFilesLayout as ExportLayout } from '@/features/export-files';
