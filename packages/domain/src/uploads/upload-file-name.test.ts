import { describe, expect, it } from 'vitest';
import { uploadFileNameProblem } from './upload-file-name';

describe('uploadFileNameProblem (R-SEC-17)', () => {
  it('refuses control, bidi and zero-width characters in French, naming the field', () => {
    expect(uploadFileNameProblem('releve\u202Efdp.exe')).toBe(
      "Le nom du fichier : les caractères invisibles ou de sens d'écriture (U+200B, U+202E…) sont interdits.",
    );
    expect(uploadFileNameProblem('rib\u200B.pdf')).toMatch(/^Le nom du fichier : .*invisibles/);
    expect(uploadFileNameProblem('logo\u0000.png')).toMatch(/^Le nom du fichier : .*caractères de contrôle/);
    expect(uploadFileNameProblem('a\nb.xml')).toMatch(/retours à la ligne/);
  });

  it('accepts ordinary names, accents and spaces included', () => {
    expect(uploadFileNameProblem('Relevé d’identité bancaire – Club (2025).pdf')).toBeNull();
    expect(uploadFileNameProblem("=cmd|' calc'!A0.pdf")).toBeNull();
  });
});
