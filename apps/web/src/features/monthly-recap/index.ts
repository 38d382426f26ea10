// Récapitulatif mensuel: each structure's frozen, numbered monthly recap, its files and its e-mailing.
export { MonthlyRecap } from './components/MonthlyRecap';
export { StructureRecaps } from './components/StructureRecaps';
