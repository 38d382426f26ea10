export { ExportButton } from './components/ExportButton';
