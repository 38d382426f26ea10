// Refreshes the vendored advisory database that scripts/audit-lockfile.mjs reads (R-SEC-19),
// for every package package-lock.json names (development ones included, so they are reported
// too). Two sources, both the GitHub Advisory Database:
//   node scripts/refresh-advisories.mjs
//     asks the npm registry's bulk advisory endpoint, the one `npm audit` uses (a machine
//     whose registry answers it: not the development machine, where it answers 405);
//   node scripts/refresh-advisories.mjs --osv <folder>
//     reads an OSV export of the npm ecosystem unzipped into <folder> (the `npm/all.zip`
//     of the OSV vulnerability bucket, fetched wherever it can be, then `unzip all.zip -d <folder>`).
// Then commit scripts/advisories/npm-advisories.json.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lockfilePackages, DEFAULT_DATABASE } from './audit-lockfile.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEVERITIES = new Set(['info', 'low', 'moderate', 'high', 'critical']);

/** name -> its installed versions, from the lockfile. */
export function lockfileVersions(lock) {
  const versions = new Map();
  for (const item of lockfilePackages(lock)) {
    if (!versions.has(item.name)) versions.set(item.name, new Set());
    versions.get(item.name).add(item.version);
  }
  return versions;
}

/** One advisory as the database keeps it (the bulk endpoint's fields). */
const entry = ({ id, url, title, severity, vulnerable_versions }) => ({
  id,
  url: url ?? null,
  title: title ?? '',
  severity: SEVERITIES.has(severity) ? severity : 'moderate',
  vulnerable_versions,
});

/** The bulk endpoint's answer (name -> advisories) kept for the lockfile's packages, sorted. */
export function fromBulkAnswer(answer) {
  const advisories = {};
  for (const name of Object.keys(answer).sort()) {
    const list = answer[name].filter((item) => item.vulnerable_versions).map(entry);
    if (list.length > 0) advisories[name] = list.sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }
  return advisories;
}

/**
 * An OSV record's affected ranges for one npm package as a semver range: each pair of events
 * (introduced, then fixed or last_affected) one comparator set, joined by '||'.
 */
export function osvRange(affected) {
  const sets = [];
  for (const range of affected.ranges ?? []) {
    if (range.type !== 'SEMVER' && range.type !== 'ECOSYSTEM') continue;
    let introduced = null;
    for (const event of range.events ?? []) {
      if (event.introduced !== undefined) introduced = event.introduced;
      const lower = introduced && introduced !== '0' ? `>=${introduced} ` : '';
      if (event.fixed !== undefined) {
        sets.push(`${lower}<${event.fixed}`.trim());
        introduced = null;
      } else if (event.last_affected !== undefined) {
        sets.push(`${lower}<=${event.last_affected}`.trim());
        introduced = null;
      }
    }
    if (introduced !== null) sets.push(introduced === '0' ? '>=0.0.0' : `>=${introduced}`);
  }
  // No range: the record lists the affected versions one by one.
  if (sets.length === 0) sets.push(...(affected.versions ?? []).map((version) => `=${version}`));
  return sets.join(' || ');
}

/** OSV records (GitHub-reviewed, GHSA ids) turned into the database's entries for `names`. */
export function fromOsvRecords(records, names) {
  const answer = {};
  for (const record of records) {
    if (record.withdrawn) continue;
    const severity = String(record.database_specific?.severity ?? 'moderate').toLowerCase();
    for (const affected of record.affected ?? []) {
      const name = affected.package?.name;
      if (affected.package?.ecosystem !== 'npm' || !names.has(name)) continue;
      const vulnerable_versions = osvRange(affected);
      if (!vulnerable_versions) continue;
      (answer[name] ??= []).push({
        id: record.id,
        url: `https://github.com/advisories/${record.id}`,
        title: record.summary ?? record.details?.slice(0, 120) ?? record.id,
        severity: severity === 'medium' ? 'moderate' : severity,
        vulnerable_versions,
      });
    }
  }
  return fromBulkAnswer(answer);
}

function registryUrl() {
  if (process.env.npm_config_registry) return process.env.npm_config_registry;
  return execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
}

async function fromRegistry(versions) {
  const url = new URL('-/npm/v1/security/advisories/bulk', registryUrl().replace(/\/?$/, '/'));
  const body = Object.fromEntries([...versions].map(([name, set]) => [name, [...set]]));
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(
      `${url} a répondu ${response.status} : ce registre ne sert pas les avis de sécurité ici. ` +
        'Utilisez --osv <dossier> avec un export OSV (voir le README).',
    );
  return { source: `${url.origin} (advisories/bulk)`, advisories: fromBulkAnswer(await response.json()) };
}

function fromOsvFolder(folder, versions) {
  const records = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')));
  return { source: 'OSV, écosystème npm (export)', advisories: fromOsvRecords(records, new Set(versions.keys())) };
}

async function main() {
  const args = process.argv.slice(2);
  const osvAt = args.indexOf('--osv');
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const versions = lockfileVersions(lock);
  const { source, advisories } = osvAt === -1 ? await fromRegistry(versions) : fromOsvFolder(args[osvAt + 1], versions);
  const database = { source, complete: true, updatedAt: new Date().toISOString().slice(0, 10), advisories };
  writeFileSync(DEFAULT_DATABASE, `${JSON.stringify(database, null, 2)}\n`);
  const count = Object.values(advisories).reduce((sum, list) => sum + list.length, 0);
  console.log(
    `${count} avis pour ${Object.keys(advisories).length} paquets écrits dans ${path.relative(ROOT, DEFAULT_DATABASE)}.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
