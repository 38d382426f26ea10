export { StructureSituation } from './components/StructureSituation';
export { useStructureSituation, STRUCTURE_SITUATION_QUERY_KEY } from './hooks/use-structure-situation';
export { structureSituationMessages } from './messages';
