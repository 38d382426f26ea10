import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCiiInvoice } from './cii-invoice';
import { facturXCases } from './cii-invoice.fixtures';

// R-FACT-14: every XML we issue passes the official artefacts in test-fixtures/einvoice
// (unmodified; sources in test-fixtures/README.md): the UN/CEFACT CII D16B schema with xmllint, and the
// European Commission's EN 16931 rules (Schematron compiled to XSLT 2.0) with Saxon-HE from
// Debian, run once for the whole batch (one JVM start). A failed assertion flagged 'fatal'
// is an invoice a platform would reject.
const EINVOICE = path.resolve(import.meta.dirname, '../../../../../test-fixtures/einvoice');
const XSD = path.join(EINVOICE, 'cii-d16b/CrossIndustryInvoice_100pD16B.xsd');
const XSLT = path.join(EINVOICE, 'en16931/EN16931-CII-validation.xslt');
const SAXON = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

/** Runs the EN 16931 rules on every XML of `inputDir`; returns the fatal failures per file. */
function en16931FatalFailures(inputDir: string): Record<string, string[]> {
  const outputDir = `${inputDir}-svrl`;
  mkdirSync(outputDir);
  execFileSync('java', ['-cp', SAXON, 'net.sf.saxon.Transform', `-s:${inputDir}`, `-xsl:${XSLT}`, `-o:${outputDir}`], {
    stdio: 'pipe',
  });
  const failures: Record<string, string[]> = {};
  for (const file of readdirSync(outputDir)) {
    const svrl = readFileSync(path.join(outputDir, file), 'utf8');
    failures[file] = [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)]
      .filter(([, attributes]) => /flag="fatal"/.test(attributes ?? ''))
      .map(([, attributes, body]) => {
        const id = /id="([^"]+)"/.exec(attributes ?? '')?.[1] ?? '?';
        const message = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body ?? '')?.[1]?.trim() ?? '';
        return `${id}: ${message}`;
      });
  }
  return failures;
}

describe('Factur-X CII XML against the official CII D16B schema and EN 16931 rules', () => {
  const cases = facturXCases();
  const dir = mkdtempSync(path.join(tmpdir(), 'factur-x-'));
  const inputDir = path.join(dir, 'xml');
  mkdirSync(inputDir);
  const files = cases.map(([name, input], index) => {
    const file = path.join(inputDir, `${String(index).padStart(2, '0')}.xml`);
    writeFileSync(file, buildCiiInvoice(input));
    return { name, file };
  });

  it('every case is valid against CrossIndustryInvoice_100pD16B.xsd (xmllint, one run)', () => {
    const run = spawnSync('xmllint', ['--noout', '--schema', XSD, ...files.map(({ file }) => file)], {
      encoding: 'utf8',
    });
    // xmllint names each file 'validates' or 'fails to validate' on stderr.
    const verdicts = files.map(({ name, file }) => [name, run.stderr.includes(`${file} validates`)]);
    expect(Object.fromEntries(verdicts), run.stderr).toEqual(Object.fromEntries(files.map(({ name }) => [name, true])));
    expect(run.status).toBe(0);
  }, 60_000);

  it('every case passes the EN 16931 Schematron with no fatal failure (Saxon-HE, one run)', () => {
    const failures = en16931FatalFailures(inputDir);
    expect(Object.keys(failures)).toHaveLength(files.length);
    const byCase = Object.fromEntries(files.map(({ name, file }) => [name, failures[path.basename(file)]]));
    expect(byCase).toEqual(Object.fromEntries(files.map(({ name }) => [name, []])));
  }, 60_000);

  it('the pipeline itself rejects a broken invoice (so a pass means something)', () => {
    const brokenDir = path.join(dir, 'broken');
    mkdirSync(brokenDir);
    // Totals that do not add up: BR-CO-15 (grand total = basis + VAT) must fail.
    const [, input] = cases[0]!;
    const xml = buildCiiInvoice(input).replace(
      /<ram:GrandTotalAmount>[^<]+<\/ram:GrandTotalAmount>/,
      '<ram:GrandTotalAmount>1.00</ram:GrandTotalAmount>',
    );
    writeFileSync(path.join(brokenDir, 'broken.xml'), xml);
    const failures = en16931FatalFailures(brokenDir);
    expect(failures['broken.xml']?.some((failure) => failure.startsWith('BR-CO-15'))).toBe(true);
  }, 60_000);
});
