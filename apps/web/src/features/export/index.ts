export { ExportButton, type ExportButtonProps } from './components/ExportButton';
export { useExport, createExportWorker, type ExportRequest, type ExportState } from './hooks/use-export';
export type { ExportWorkerLike } from './worker/export-protocol';
export { exportMessages } from './messages';
