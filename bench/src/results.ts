import { cpus, totalmem } from 'node:os';
import { execSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './bench-result';

const here = path.dirname(fileURLToPath(import.meta.url));

function format(value: number): string {
  return value.toLocaleString('fr-FR', { maximumFractionDigits: value >= 100 ? 0 : 1 });
}

/** Markdown table: figure against bar, PASS or FAIL. */
export function resultsTable(sections: Array<{ title: string; results: BenchResult[] }>): string {
  const lines = ['| Mesure | Valeur | Barre | Résultat |', '| --- | ---: | ---: | :---: |'];
  for (const section of sections) {
    lines.push(`| **${section.title}** | | | |`);
    for (const r of section.results) {
      const bar = r.reference
        ? `réf. ${format(r.bar)} ${r.unit}`
        : `${r.direction === 'min' ? '>=' : '<='} ${format(r.bar)} ${r.unit}`;
      const verdict = r.reference ? 'info' : r.pass ? 'PASS' : 'FAIL';
      lines.push(`| ${r.name} | ${format(r.value)} ${r.unit} | ${bar} | ${verdict} |`);
    }
  }
  return lines.join('\n');
}

function version(command: string): string {
  try {
    return (
      execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .trim()
        .split('\n')[0] ?? '?'
    );
  } catch {
    return 'absent';
  }
}

export async function writeResults(
  sections: Array<{ title: string; results: BenchResult[] }>,
  run: { seconds: number; pgFlux: number; pgliteFlux: number; argv: string[] },
): Promise<string> {
  const table = resultsTable(sections);
  const document = `# Résultats des benchmarks

- Date : ${new Date().toISOString()}
- Machine : ${cpus().length} cœurs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} Gio de mémoire
- Versions : Node ${process.version}, ${version('psql --version')}, ${version('/usr/bin/chromium --version')}
- Commande : \`npm run bench${run.argv.length ? ` -- ${run.argv.join(' ')}` : ''}\` (durée ${run.seconds.toFixed(0)} s)
- Données : PostgreSQL ${run.pgFlux.toLocaleString('fr-FR')} flux, PGlite ${run.pgliteFlux.toLocaleString('fr-FR')} flux (générées une fois, réutilisées)

${table}
`;
  await writeFile(path.join(here, '..', 'RESULTS.md'), document);
  return table;
}

/**
 * One section measured alone (`--attack-only`) written into RESULTS.md in place: its rows
 * replace those of the same title (or follow the table), and a line under the header says which
 * command measured it and when; the rest of the file is left as the last full run wrote it.
 */
export async function writeSection(
  section: { title: string; results: BenchResult[] },
  run: { seconds: number; argv: string[] },
): Promise<void> {
  const file = path.join(here, '..', 'RESULTS.md');
  const lines = (await readFile(file, 'utf8').catch(() => '# Résultats des benchmarks\n')).split('\n');
  const [, , ...rows] = resultsTable([section]).split('\n');
  const heading = `| **${section.title}** | | | |`;
  const start = lines.indexOf(heading);
  if (start >= 0) {
    let end = start + 1;
    while (end < lines.length && lines[end]!.startsWith('| ') && !lines[end]!.startsWith('| **')) end++;
    lines.splice(start, end - start, ...rows);
  } else {
    let last = lines.length - 1;
    while (last > 0 && !lines[last]!.startsWith('|')) last--;
    lines.splice(last + 1, 0, ...rows);
  }
  const note = `- Section « ${section.title} » : \`npm run bench -- ${run.argv.join(' ')}\` le ${new Date().toISOString()} (durée ${run.seconds.toFixed(0)} s, ${cpus().length} cœurs)`;
  const noted = lines.findIndex((line) => line.startsWith(`- Section « ${section.title} »`));
  if (noted >= 0) lines[noted] = note;
  else {
    const table = lines.findIndex((line) => line.startsWith('| Mesure |'));
    lines.splice(table > 0 ? table - 1 : lines.length, 0, note);
  }
  await writeFile(file, lines.join('\n'));
}
