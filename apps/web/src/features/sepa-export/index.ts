export { SepaDirectDebitSection } from './components/SepaDirectDebitSection';
export { SepaReturnImport } from './components/SepaReturnImport';
