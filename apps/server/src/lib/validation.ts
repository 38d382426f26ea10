import { validationIssues } from '@gdf/domain';
import type { z } from 'zod';
import { invalidInput } from './http-errors';

/**
 * Validates input with a zod schema; bad input becomes a 400 whose body names each field
 * (`issues`: path and French message) beside the readable `message`.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(validationIssues(result.error.issues));
}
