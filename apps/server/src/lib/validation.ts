import type { z } from 'zod';
import { badRequest } from './http-errors';

/** Validates input with a zod schema; bad input becomes a 400 with a readable French message. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')} : ${issue.message}` : issue.message))
    .join(' ; ');
  throw badRequest(`Requête invalide : ${details}`);
}
