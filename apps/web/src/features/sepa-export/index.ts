export { SepaDirectDebitSection } from './components/SepaDirectDebitSection';
