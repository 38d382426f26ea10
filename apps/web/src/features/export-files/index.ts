export { ExportFilesLayout } from './components/ExportFilesLayout';
