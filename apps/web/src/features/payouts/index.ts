// Générer les virements SEPA: the shares and refunds previewed, the pain.001 files and their history (R-PAY-05 to R-PAY-08).
export { PayoutsSection } from './components/PayoutsSection';
