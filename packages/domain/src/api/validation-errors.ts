import { z } from 'zod';

/**
 * The body of a refused request (400) says which field is wrong and why, so a form puts the
 * French message beside the field instead of reading it out of a sentence. `message` keeps
 * the whole text ("Requête invalide : Libelle : obligatoire") for clients that only read it.
 */
export const validationIssueSchema = z.object({
  /** The field's path in the request, dot-separated ("lignes.0.Montant"); '' for the whole request. */
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const INVALID_REQUEST = 'Requête invalide : ';

/** Zod's issues as the API sends them. */
export function validationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The one-line text of the issues ("Requête invalide : from : Date invalide ; to : ..."). */
export function invalidRequestMessage(issues: readonly ValidationIssue[]): string {
  const details = issues.map((issue) => (issue.path ? `${issue.path} : ${issue.message}` : issue.message));
  return INVALID_REQUEST + details.join(' ; ');
}

/** The issues of an error body, when it has well-formed ones. */
export function issuesOfErrorBody(body: unknown): ValidationIssue[] {
  if (typeof body !== 'object' || body === null || !('issues' in body)) return [];
  const parsed = z.array(validationIssueSchema).safeParse((body as { issues: unknown }).issues);
  return parsed.success ? parsed.data : [];
}
