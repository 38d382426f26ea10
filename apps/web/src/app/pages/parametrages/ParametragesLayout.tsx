// SPEC.md screen 2; the layout and its permission-gated navigation live in the feature.
export { ParametragesLayout } from '@/features/parametrages';
