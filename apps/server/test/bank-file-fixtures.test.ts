import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/db/paths';

// R-BANK-01, R-RET-01: the bank files the readers are tested with are files a bank could send.
// Each fixture of a version that has an official ISO 20022 schema in test-fixtures/xsd is
// valid against it; the others (no official schema at hand) are listed in test-fixtures/README.md.
const XSD_DIR = path.join(repositoryRoot(), 'test-fixtures', 'xsd');
const FIXTURES = path.join(repositoryRoot(), 'apps', 'server', 'test', 'fixtures');

const fixtures = ['bank-statements', 'sepa-returns'].flatMap((folder) =>
  readdirSync(path.join(FIXTURES, folder))
    .filter((name) => /^(camt|pain)\.\d{3}\.\d{3}\.\d{2}\.xml$/.test(name))
    .map((name) => ({ file: path.join(FIXTURES, folder, name), version: name.replace(/\.xml$/, '') })),
);
const schemaOf = (version: string) => path.join(XSD_DIR, `${version}.xsd`);

describe('bank file fixtures against the official ISO 20022 schemas (xmllint)', () => {
  it('every version with an official schema here has its fixture, and only those are validated', () => {
    const validated = fixtures.filter(({ version }) => existsSync(schemaOf(version))).map(({ version }) => version);
    expect(validated.sort()).toEqual([
      'camt.053.001.02',
      'camt.053.001.04',
      'camt.053.001.08',
      'camt.054.001.02',
      'camt.054.001.04',
      'camt.054.001.08',
      'pain.002.001.10',
    ]);
    expect(fixtures.map(({ version }) => version).sort()).toEqual(
      [
        ...validated,
        'camt.053.001.03',
        'camt.053.001.05',
        'camt.053.001.06',
        'camt.053.001.07',
        'pain.002.001.03',
      ].sort(),
    );
  });

  it.each(fixtures.filter(({ version }) => existsSync(schemaOf(version))))(
    '$version is valid against its official XSD',
    ({ file, version }) => {
      const result = execFileSync('xmllint', ['--noout', '--schema', schemaOf(version), file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(result).toBe('');
    },
  );

  it('the validation itself fails on an invalid file (an IBAN written with spaces)', () => {
    const valid = readFileSync(path.join(FIXTURES, 'bank-statements', 'camt.053.001.02.xml'), 'utf8');
    const spaced = valid.replace(
      '<IBAN>FR7630006000011234567890189</IBAN>',
      '<IBAN>FR76 3000 6000 0112 3456 7890 189</IBAN>',
    );
    expect(spaced).not.toBe(valid);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gdf-camt-')), 'spaced.xml');
    writeFileSync(file, spaced);
    expect(() =>
      execFileSync('xmllint', ['--noout', '--schema', schemaOf('camt.053.001.02'), file], { stdio: 'pipe' }),
    ).toThrow(/IBAN/);
  });
});
