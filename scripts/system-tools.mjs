// The system programs the test suites run (not npm packages): checked before any suite starts,
// installed with apt-get when this user can (root), otherwise named with the exact command.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * What each suite needs, and the Debian package that brings it. CHROMIUM_PATH, SAXON_JAR and
 * NGINX_PATH point elsewhere when set, as in e2e/playwright.config.ts, the Factur-X tests and
 * the fleet suite's nginx (test/integration/support/nginx-proxy.ts).
 */
export const SYSTEM_TOOLS = [
  {
    what: 'Chromium (end-to-end tests, benchmarks)',
    package: 'chromium',
    present: (env, exists) => exists(env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  },
  {
    what: 'xmllint (SEPA and CII XML against their XSD)',
    package: 'libxml2-utils',
    present: (env, exists) => onPath('xmllint', env, exists),
  },
  {
    what: 'poppler: pdftotext, pdfinfo, pdffonts, pdfdetach (PDF checks)',
    package: 'poppler-utils',
    present: (env, exists) => ['pdftotext', 'pdfinfo', 'pdffonts', 'pdfdetach'].every((t) => onPath(t, env, exists)),
  },
  {
    what: 'LibreOffice soffice (spreadsheet exports opened in French)',
    package: 'libreoffice-calc-nogui',
    present: (env, exists) => onPath('soffice', env, exists),
  },
  {
    what: 'Saxon-HE (EN 16931 Schematron of Factur-X invoices)',
    package: 'libsaxonhe-java',
    present: (env, exists) => exists(env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar'),
  },
  {
    what: 'java (runs Saxon-HE)',
    package: 'default-jre-headless',
    present: (env, exists) => onPath('java', env, exists),
  },
  {
    what: 'nginx (two server processes behind the documented proxy, deploy/nginx)',
    package: 'nginx',
    present: (env, exists) => exists(env.NGINX_PATH ?? '/usr/sbin/nginx'),
  },
  {
    what: 'openssl (the test certificate of that proxy)',
    package: 'openssl',
    present: (env, exists) => onPath('openssl', env, exists),
  },
  {
    what: 'systemd-analyze (the systemd unit example checked, deploy/systemd)',
    package: 'systemd',
    present: (env, exists) => onPath('systemd-analyze', env, exists),
  },
];

/** A file (or a link to one) at `file`: a program on PATH, Chromium, the Saxon-HE jar. */
export function fileExists(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(command, env, exists) {
  return (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => exists(path.join(dir, command)));
}

/** The tools `env` lacks (PATH, CHROMIUM_PATH, SAXON_JAR). */
export function missingTools(env = process.env, exists = fileExists) {
  return SYSTEM_TOOLS.filter((tool) => !tool.present(env, (file) => exists(file)));
}

/** The one command that installs `packages`, as the user must type it. */
export function installCommand(packages, asRoot) {
  const sudo = asRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
}

/**
 * Checks the tools; installs the missing ones when it may (root, apt-get on PATH, and
 * GDF_INSTALL_TOOLS is not 'never'), else stops. `run` and `exists` are injectable so a test
 * can check both ways without installing anything. Returns { ok, message }.
 */
export function ensureSystemTools({
  env = process.env,
  isRoot = process.getuid?.() === 0,
  exists = fileExists,
  run = runInherited,
  log = console.log,
} = {}) {
  const missing = missingTools(env, exists);
  if (missing.length === 0) return { ok: true, message: '' };
  const packages = missing.map((tool) => tool.package);
  const list = missing.map((tool) => `  - ${tool.what}: ${tool.package}`).join('\n');
  const mayInstall = isRoot && env.GDF_INSTALL_TOOLS !== 'never' && onPath('apt-get', env, exists);
  if (!mayInstall) {
    return {
      ok: false,
      message: `Outils système manquants pour les tests :\n${list}\nInstallez-les, puis relancez npm test :\n  ${installCommand(packages, isRoot)}`,
    };
  }
  log(`Installation des outils système manquants (${packages.join(', ')}) avec apt-get...`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', ...packages]],
  ];
  for (const [command, args] of steps) {
    const status = run(command, args, aptEnv);
    if (status !== 0) {
      return {
        ok: false,
        message: `${command} ${args.join(' ')} a échoué (code ${status}). Lancez à la main :\n  ${installCommand(packages, true)}`,
      };
    }
  }
  const still = missingTools(env, exists);
  if (still.length > 0) {
    return {
      ok: false,
      message: `Toujours introuvables après apt-get : ${still.map((tool) => tool.package).join(', ')}`,
    };
  }
  return { ok: true, message: '' };
}

function runInherited(command, args, env) {
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}
