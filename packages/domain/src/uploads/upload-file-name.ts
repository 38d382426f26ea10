import { userTextProblem } from '../text/user-text';

/** The field an uploaded file's name is refused under (R-SEC-17). */
export const UPLOAD_FILE_NAME_FIELD = 'Le nom du fichier';

/**
 * R-SEC-17: why the name of an uploaded file (a document, a bank statement, a bank return) is
 * refused, or null. A name holding control, bidi or zero-width characters is refused whole,
 * in French: 'releve\u202Efdp.exe' would read 'releveexe.pdf' in every list and download.
 */
export function uploadFileNameProblem(name: string): string | null {
  return userTextProblem(name, UPLOAD_FILE_NAME_FIELD);
}
