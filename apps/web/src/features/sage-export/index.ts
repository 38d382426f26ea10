export { SageExportPanel } from './components/SageExportPanel';
