export { BankStatementsSection } from './components/BankStatementsSection';
