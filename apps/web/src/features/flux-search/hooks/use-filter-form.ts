import {
  fluxSearchFiltersContract,
  parisToday,
  resetClearsStructure,
  type FluxSearchFilters,
  type StructureTypeId,
} from '@gdf/domain';
import { useEffect, useRef } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { contractResolver } from '@/lib/forms';

/** The day of the check: a page left open overnight refuses tomorrow's dates the next day. */
const checkFilters: Resolver<FluxSearchFilters> = (values, context, options) =>
  contractResolver(fluxSearchFiltersContract(parisToday()))(values, context, options);

interface FilterFormInput {
  initialFilters: FluxSearchFilters;
  resetFilters: FluxSearchFilters;
  structureType: StructureTypeId;
  /** A search of the form's values, checked. */
  onSearch: (filters: FluxSearchFilters) => void;
  onReset?: () => void;
  /** A search is shown (the URL's filters): they are checked and flagged as typed ones. */
  hasActiveFilters: boolean;
}

/** The filter form (R-SEARCH-01 to R-SEARCH-07): its fields, checks, search and reset. */
export function useFilterForm({
  initialFilters,
  resetFilters,
  structureType,
  onSearch,
  onReset,
  hasActiveFilters,
}: FilterFormInput) {
  const form = useForm<FluxSearchFilters>({
    defaultValues: initialFilters,
    resolver: checkFilters,
    // Errors are re-checked on the next search (a field being corrected loses its message
    // at once, see `edited`); the focus stays where the user typed.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { reset, setError, clearErrors, getValues, handleSubmit } = form;
  const { errors } = form.formState;
  // A new URL (back/forward, a shared link) re-seeds the form in place: no re-mount, so
  // after a search the focus stays in the field and the panel stays as the user left it.
  // Filters arriving by URL are checked as typed ones are, and flagged at once.
  const seed = JSON.stringify(initialFilters);
  const seededFrom = useRef(seed);
  useEffect(() => {
    if (seededFrom.current !== seed) {
      seededFrom.current = seed;
      reset(JSON.parse(seed) as FluxSearchFilters);
    }
    if (!hasActiveFilters) return;
    const checked = fluxSearchFiltersContract(parisToday()).safeParse(JSON.parse(seed));
    for (const issue of checked.error?.issues ?? []) {
      const field = (issue.path.map(String).join('.') || 'root') as Path<FluxSearchFilters> | 'root';
      setError(field, { type: issue.code, message: issue.message });
    }
  }, [seed, hasActiveFilters, reset, setError]);

  return {
    form,
    edited: (field: keyof FluxSearchFilters) => {
      if (errors[field]) clearErrors(field);
      if (errors.root) clearErrors('root');
    },
    /** Checks the form and searches; `then` runs after a search was asked (the form was valid). */
    submit: (then?: () => void) =>
      void handleSubmit((filters) => {
        onSearch(filters);
        then?.();
      })(),
    resetForm: () => {
      reset({ ...resetFilters, structureId: resetClearsStructure(structureType) ? null : getValues('structureId') });
      onReset?.();
    },
  };
}
