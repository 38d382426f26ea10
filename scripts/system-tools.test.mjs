import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureSystemTools, installCommand, missingTools, SYSTEM_TOOLS } from './system-tools.mjs';

// A fresh machine: `npm install && npm test` on a fresh machine either installs the system tools the
// suites need (root, apt-get) or stops before any suite with the exact command to run.
const PACKAGES = SYSTEM_TOOLS.map((tool) => tool.package);
const EXACT_USER_COMMAND =
  'sudo apt-get update && sudo apt-get install -y chromium libxml2-utils poppler-utils libreoffice-calc-nogui libsaxonhe-java default-jre-headless nginx openssl systemd';

/** A machine whose executables are exactly `files` (nothing else exists). */
const machine = (files) => (file) => files.has(file);
/** A fresh machine: only apt-get, no tool. */
const FRESH = { PATH: '/usr/sbin:/usr/bin', CHROMIUM_PATH: undefined, SAXON_JAR: undefined, NGINX_PATH: undefined };
const fresh = () => new Set(['/usr/bin/apt-get']);
const TOOL_FILES = [
  '/usr/bin/chromium',
  '/usr/bin/xmllint',
  ...['pdftotext', 'pdfinfo', 'pdffonts', 'pdfdetach'].map((tool) => `/usr/bin/${tool}`),
  '/usr/bin/soffice',
  '/usr/share/java/Saxon-HE.jar',
  '/usr/bin/java',
  '/usr/sbin/nginx',
  '/usr/bin/openssl',
  '/usr/bin/systemd-analyze',
];

describe('system tools before any suite (scripts/system-tools.mjs)', () => {
  it('a fresh machine lacks every tool, each named with its Debian package', () => {
    expect(missingTools(FRESH, machine(fresh())).map((tool) => tool.package)).toEqual(PACKAGES);
    expect(missingTools(FRESH, machine(new Set(TOOL_FILES)))).toEqual([]);
  });

  it('not root: stops with the exact apt-get command and installs nothing', () => {
    const calls = [];
    const result = ensureSystemTools({
      env: FRESH,
      isRoot: false,
      exists: machine(fresh()),
      run: (...call) => calls.push(call) && 0,
      log: () => undefined,
    });
    expect(result.ok).toBe(false);
    expect(result.message).toContain(`\n  ${EXACT_USER_COMMAND}`);
    expect(calls).toEqual([]);
  });

  it('root with apt-get: installs only the missing packages, then checks again', () => {
    const files = new Set([...fresh(), '/usr/bin/chromium', '/usr/bin/java']);
    const calls = [];
    const result = ensureSystemTools({
      env: FRESH,
      isRoot: true,
      exists: machine(files),
      run: (command, args, env) => {
        calls.push([command, ...args].join(' '));
        expect(env.DEBIAN_FRONTEND).toBe('noninteractive');
        if (args[0] === 'install') TOOL_FILES.forEach((file) => files.add(file));
        return 0;
      },
      log: () => undefined,
    });
    expect(calls).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq libxml2-utils poppler-utils libreoffice-calc-nogui libsaxonhe-java nginx openssl systemd',
    ]);
    expect(result).toEqual({ ok: true, message: '' });
  });

  it('root, but apt-get fails or leaves a tool missing: stops with the command to run by hand', () => {
    const failing = ensureSystemTools({
      env: FRESH,
      isRoot: true,
      exists: machine(fresh()),
      run: (command, args) => (args[0] === 'install' ? 100 : 0),
      log: () => undefined,
    });
    expect(failing.ok).toBe(false);
    expect(failing.message).toContain(installCommand(PACKAGES, true));
    const useless = ensureSystemTools({
      env: FRESH,
      isRoot: true,
      exists: machine(fresh()),
      run: () => 0,
      log: () => undefined,
    });
    expect(useless).toEqual({ ok: false, message: `Toujours introuvables après apt-get : ${PACKAGES.join(', ')}` });
  });

  it('GDF_INSTALL_TOOLS=never: root too only gets the command', () => {
    const calls = [];
    const result = ensureSystemTools({
      env: { ...FRESH, GDF_INSTALL_TOOLS: 'never' },
      isRoot: true,
      exists: machine(fresh()),
      run: (...call) => calls.push(call) && 0,
      log: () => undefined,
    });
    expect(result.message).toContain(`\n  ${installCommand(PACKAGES, true)}`);
    expect(calls).toEqual([]);
  });

  it('`npm test` (scripts/test.mjs) on a PATH without the tools stops at once, before any suite', () => {
    const result = spawnSync(process.execPath, [path.join(import.meta.dirname, 'test.mjs')], {
      encoding: 'utf8',
      timeout: 30_000,
      // No tool anywhere: an empty PATH, Chromium and Saxon-HE pointed at nothing.
      env: {
        PATH: '',
        HOME: process.env.HOME ?? '/tmp',
        CHROMIUM_PATH: '/nonexistent/chromium',
        SAXON_JAR: '/nonexistent/Saxon-HE.jar',
        NGINX_PATH: '/nonexistent/nginx',
        GDF_INSTALL_TOOLS: 'never',
      },
    });
    expect(result.status).toBe(1);
    const asRoot = process.getuid?.() === 0;
    expect(result.stderr).toContain(`\n  ${installCommand(PACKAGES, asRoot)}\n`);
    expect(result.stdout).not.toContain('===');
  });
});
