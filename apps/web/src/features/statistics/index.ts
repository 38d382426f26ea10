// Etats statistiques: the federation's cockpit of billing, collection, rejects and arrears.
export { EtatsStatistiques } from './components/EtatsStatistiques';
