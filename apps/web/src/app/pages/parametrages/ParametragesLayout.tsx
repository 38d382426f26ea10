// The Paramétrages Comptables layout (R-UI-05); the layout and its permission-gated navigation live in the feature.
export { ParametragesLayout } from '@/features/parametrages';
