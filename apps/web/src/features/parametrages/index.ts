export { ParametragesLayout } from './components/ParametragesLayout';
