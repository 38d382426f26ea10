export { ImpayesPage } from './components/ImpayesPage';
export { impayesMessages } from './messages';
