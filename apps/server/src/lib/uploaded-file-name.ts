import { uploadFileNameProblem } from '@gdf/domain';
import { badRequest } from './http-errors';

/**
 * The display name of a file sent as a raw request body, from its URL-encoded header: a name
 * only (never a path), decoded, without control characters or slashes, 200 characters at most.
 */
export function uploadedFileName(header: string | string[] | undefined, fallback: string): string {
  let name = typeof header === 'string' ? header : '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Kept as sent when it is not valid URL encoding.
  }
  const problem = uploadFileNameProblem(name);
  if (problem) throw badRequest(problem);
  const clean = [...name]
    .map((char) => (char < ' ' || char === '\u007f' || char === '/' || char === '\\' ? ' ' : char))
    .join('')
    .trim()
    .slice(0, 200);
  return clean || fallback;
}
