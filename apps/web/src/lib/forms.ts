import {
  get,
  set,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * The resolver of a form checked by a domain contract (the zod schema the server parses the
 * request with), so the form refuses exactly what the server would, with the same French
 * messages beside the same fields. `toRequest` turns the form's strings into the request
 * (blank to null, text to numbers) first. A rule across fields (no path) lands in `errors.root`.
 */
export function contractResolver<Output, Values extends FieldValues>(
  contract: z.ZodType<Output, Values>,
): Resolver<Values, unknown, Output>;
export function contractResolver<Output, Values extends FieldValues>(
  contract: z.ZodType<Output>,
  toRequest: (values: Values) => unknown,
): Resolver<Values, unknown, Output>;
export function contractResolver<Output, Values extends FieldValues>(
  contract: z.ZodType<Output>,
  toRequest: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  return async (values) => {
    const result = await contract.safeParseAsync(toRequest(values));
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: fieldErrorsOf(result.error.issues) as FieldErrors<Values> };
  };
}

/**
 * The contract's message for each field of `request`, now (no submit to wait for): for a
 * form whose buttons and preview follow its values as they change (the SAGE period, the SEPA
 * selection). Keys are the request's field paths, 'root' for a rule across fields.
 */
export function contractProblems(contract: z.ZodType, request: unknown): Partial<Record<string, string>> {
  const result = contract.safeParse(request);
  if (result.success) return {};
  const problems: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) problems[pathOf(issue)] ??= issue.message;
  return problems;
}

const pathOf = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.') || 'root';

function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    // The first message of a field is the one shown, as the server lists them.
    if (!get(errors, pathOf(issue))) set(errors, pathOf(issue), { type: issue.code, message: issue.message });
  }
  return errors;
}

/**
 * Puts each field a refused request names (the 400's `issues`) beside that field; returns
 * whether one was placed, so the form can keep its summary for the rest.
 */
export function showServerIssues<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message });
    placed = true;
  }
  return placed;
}
