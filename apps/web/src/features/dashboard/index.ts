export { ModuleDashboard } from './components/ModuleDashboard';
