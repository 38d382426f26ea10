export { FluxFinancierSettings } from './components/FluxFinancierSettings';
export { PlanAnalytiqueSettings, PlanComptableSettings, TypeFacturationSettings } from './components/SimpleSettings';
