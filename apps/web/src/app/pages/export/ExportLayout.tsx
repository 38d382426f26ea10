// SPEC.md screen 7; the page lives in the finance-files feature.
export { ExportFilesLayout as ExportLayout } from '@/features/finance-files';
