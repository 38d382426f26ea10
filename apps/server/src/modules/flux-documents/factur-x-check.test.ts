import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../db/paths';
import { ciiXmlProblems } from './factur-x-check';

/** The European Commission's CII example (test-fixtures/einvoice, unmodified): valid against CII D16B. */
const EXAMPLE = readFileSync(
  path.join(repositoryRoot(), 'test-fixtures', 'einvoice', 'en16931', 'CII_business_example_01.xml'),
  'utf8',
);

describe('the CII D16B gate, libxml2 loaded on the first invoice checked (R-FACT-14)', () => {
  it('accepts a valid invoice, twice (the schema compiled once)', async () => {
    expect(await ciiXmlProblems(EXAMPLE)).toEqual([]);
    expect(await ciiXmlProblems(EXAMPLE)).toEqual([]);
  });

  it('refuses an invoice the schema refuses, with its message', async () => {
    const unknownElement = EXAMPLE.replace('<ram:ID>TOSL108</ram:ID>', '<ram:Numero>TOSL108</ram:Numero>');
    const [problem, ...others] = await ciiXmlProblems(unknownElement);
    expect(others).toEqual([]);
    expect(problem).toMatch(/^Non conforme au schéma CII D16B : Element 'Numero': This element is not expected/);
  });

  it('refuses XML that is not well formed', async () => {
    expect(await ciiXmlProblems('<rsm:CrossIndustryInvoice><x></rsm:CrossIndustryInvoice>')).toEqual([
      expect.stringMatching(/^XML mal formé/),
    ]);
  });
});
