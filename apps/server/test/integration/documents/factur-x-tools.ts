import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repositoryRoot } from '../../../src/db/paths';

/**
 * R-FACT-12 to R-FACT-14: the tools the Factur-X suites check invoices with: poppler on the PDF
 * (pdfdetach, pdfinfo -meta), the official CII D16B schema (xmllint) and the EN 16931
 * Schematron (Saxon-HE).
 */
const EINVOICE = path.join(repositoryRoot(), 'test-fixtures', 'einvoice');
const XSD = path.join(EINVOICE, 'cii-d16b/CrossIndustryInvoice_100pD16B.xsd');
const XSLT = path.join(EINVOICE, 'en16931/EN16931-CII-validation.xslt');
const SAXON = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

export interface FacturXTools {
  /** Runs a poppler tool on PDF bytes; returns its output and the folder it ran in. */
  popplerOn(pdf: Buffer, tool: string, args: string[]): { output: string; dir: string };
  /** The file pdfdetach extracts as factur-x.xml. */
  embeddedXml(pdf: Buffer): string;
  /**
   * Validates named XMLs against the XSD (throws on an invalid one) and runs the Schematron:
   * returns the fatal failed assertions, named, and how many reports it wrote.
   */
  validate(named: ReadonlyArray<readonly [string, string]>, name: string): { fatal: string[]; reports: number };
  remove(): void;
}

/** A working folder and the tools; call remove() after the suite. */
export function facturXTools(): FacturXTools {
  const work = mkdtempSync(path.join(tmpdir(), 'gdf-facturx-'));
  const popplerOn = (pdf: Buffer, tool: string, args: string[]) => {
    const dir = mkdtempSync(path.join(work, 'pdf-'));
    const file = path.join(dir, 'facture.pdf');
    writeFileSync(file, pdf);
    return { output: execFileSync(tool, [...args, file], { cwd: dir, encoding: 'utf8' }), dir };
  };
  return {
    popplerOn,
    embeddedXml(pdf) {
      const { dir } = popplerOn(pdf, 'pdfdetach', ['-savefile', 'factur-x.xml', '-o', 'out.xml']);
      return readFileSync(path.join(dir, 'out.xml'), 'utf8');
    },
    validate(named, name) {
      const input = path.join(work, `xml-${name}`);
      const output = `${input}-svrl`;
      mkdirSync(input);
      mkdirSync(output);
      named.forEach(([, xml], index) => writeFileSync(path.join(input, `${index}.xml`), xml));
      const files = readdirSync(input).map((file) => path.join(input, file));
      execFileSync('xmllint', ['--noout', '--schema', XSD, ...files], { stdio: 'pipe' });
      execFileSync('java', ['-cp', SAXON, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${XSLT}`, `-o:${output}`], {
        stdio: 'pipe',
      });
      const fatal = readdirSync(output).flatMap((file) =>
        [
          ...readFileSync(path.join(output, file), 'utf8').matchAll(/<svrl:failed-assert\b[^>]*flag="fatal"[^>]*>/g),
        ].map((match) => `${named[Number(file.replace('.xml', ''))]?.[0]}: ${match[0]}`),
      );
      return { fatal, reports: readdirSync(output).length };
    },
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}
