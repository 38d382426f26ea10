// Known vulnerabilities, checked offline (R-SEC-19): every package package-lock.json installs
// is matched against the vendored advisory database (scripts/advisories/npm-advisories.json,
// refreshed by scripts/refresh-advisories.mjs). A high or critical advisory on a production
// package (one the lockfile does not flag `dev`) fails; every other match is reported.
// `npm audit` cannot run where this project is developed: the registry's advisory endpoint
// answers 405 there, so the database travels with the repository.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import semver from 'semver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DATABASE = path.join(ROOT, 'scripts/advisories/npm-advisories.json');
export const DEFAULT_ACCEPTED = path.join(ROOT, 'scripts/advisories/accepted.json');
export const FAILING_SEVERITIES = ['high', 'critical'];
/** Older than this, the database is named stale in the report (never a failure: it cannot be refreshed offline). */
export const STALE_AFTER_DAYS = 45;

/**
 * Every installed package of a lockfile (v2/v3 `packages`, or v1 `dependencies`): name, version,
 * where it is installed and whether only development needs it. Workspace folders and their
 * links are the project's own code, not dependencies.
 */
export function lockfilePackages(lock) {
  const found = [];
  if (lock.packages) {
    for (const [location, entry] of Object.entries(lock.packages)) {
      const at = location.lastIndexOf('node_modules/');
      if (at === -1 || entry.link || !entry.version) continue;
      const name = entry.name ?? location.slice(at + 'node_modules/'.length);
      found.push({ name, version: entry.version, location, dev: entry.dev === true });
    }
    return found;
  }
  const walk = (dependencies, parent) => {
    for (const [name, entry] of Object.entries(dependencies ?? {})) {
      const location = `${parent}node_modules/${name}`;
      if (entry.version && !entry.version.startsWith('file:'))
        found.push({ name, version: entry.version, location, dev: entry.dev === true });
      walk(entry.dependencies, `${location}/`);
    }
  };
  walk(lock.dependencies, '');
  return found;
}

/** Each (package, advisory) whose vulnerable range holds the installed version. */
export function findVulnerabilities(packages, advisories) {
  const matches = [];
  for (const item of packages) {
    for (const advisory of advisories[item.name] ?? []) {
      const range = advisory.vulnerable_versions;
      if (range && semver.satisfies(item.version, range, { loose: true, includePrerelease: true }))
        matches.push({ ...item, advisory });
    }
  }
  return matches;
}

const ageInDays = (day, now) => Math.floor((now.getTime() - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);

/**
 * The verdict: `failures` (high or critical on a production package, not accepted), and
 * `reported` (the rest). An accepted advisory (accepted.json: id, reason, until) no longer
 * fails until its day has passed; an acceptance past its day fails again.
 */
export function auditLockfile(lock, database, { accepted = [], now = new Date() } = {}) {
  const matches = findVulnerabilities(lockfilePackages(lock), database.advisories ?? {});
  const acceptance = new Map(accepted.map((item) => [String(item.id), item]));
  const failures = [];
  const reported = [];
  for (const match of matches) {
    const severe = !match.dev && FAILING_SEVERITIES.includes(match.advisory.severity);
    const accept = acceptance.get(String(match.advisory.id));
    const stillAccepted = accept && Date.parse(`${accept.until}T23:59:59Z`) >= now.getTime();
    if (severe && !stillAccepted) failures.push(match);
    else reported.push({ ...match, accepted: severe ? accept : undefined });
  }
  const age = database.updatedAt ? ageInDays(database.updatedAt, now) : null;
  return { failures, reported, age, stale: age === null || age > STALE_AFTER_DAYS };
}

const line = (match) =>
  `  ${match.dev ? 'dév.' : 'prod'}  ${match.advisory.severity.padEnd(8)} ${match.name}@${match.version}` +
  ` (${match.location}) : ${match.advisory.title} — ${match.advisory.url ?? match.advisory.id}` +
  ` — versions vulnérables ${match.advisory.vulnerable_versions}`;

/** The report printed by `npm test`, in French like the rest of its output. */
export function formatReport(result, database) {
  const lines = [
    `Avis de sécurité : base ${database.source ?? 'inconnue'}, mise à jour le ${database.updatedAt ?? '(jamais)'}` +
      ` (${Object.keys(database.advisories ?? {}).length} paquets suivis).`,
  ];
  if (database.complete === false)
    lines.push(
      '  Attention : base partielle (amorce recopiée à la main) ; rafraîchissez-la (README, « Vulnerable dependencies »).',
    );
  if (result.stale)
    lines.push(
      `  Attention : la base a plus de ${STALE_AFTER_DAYS} jours ; rafraîchissez-la (README, « Vulnerable dependencies »).`,
    );
  if (result.failures.length > 0) {
    lines.push(`Vulnérabilités élevées ou critiques en production (${result.failures.length}) :`);
    lines.push(...result.failures.map(line));
  }
  if (result.reported.length > 0) {
    lines.push(`Signalées sans bloquer (${result.reported.length}) :`);
    lines.push(
      ...result.reported.map(
        (match) =>
          line(match) +
          (match.accepted ? ` [acceptée jusqu’au ${match.accepted.until} : ${match.accepted.reason}]` : ''),
      ),
    );
  }
  if (result.failures.length === 0 && result.reported.length === 0) lines.push('Aucune dépendance concernée.');
  return lines.join('\n');
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at === -1 ? fallback : args[at + 1];
  };
  const lockPath = option('--lockfile', path.join(ROOT, 'package-lock.json'));
  const database = readJson(option('--database', DEFAULT_DATABASE));
  const acceptedPath = option('--accepted', DEFAULT_ACCEPTED);
  let accepted = [];
  try {
    accepted = readJson(acceptedPath).accepted ?? [];
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  const result = auditLockfile(readJson(lockPath), database, { accepted });
  console.log(formatReport(result, database));
  process.exit(result.failures.length > 0 ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
