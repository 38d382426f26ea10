import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN, SHUTDOWN_LIMIT_MS } from '../apps/server/src/lib/drain.ts';

const root = path.resolve(import.meta.dirname, '..');
const UNIT = path.join(root, 'deploy', 'systemd', 'gdf@.service');
const ENVIRONMENT_EXAMPLE = path.join(root, 'deploy', 'systemd', 'gdf.env.example');

/** The unit's settings: section -> key -> every value given, in order. */
function parseUnit(text) {
  const sections = {};
  let current = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const section = /^\[(.+)\]$/.exec(trimmed);
    if (section) {
      current = section[1];
      sections[current] ??= {};
      continue;
    }
    const [key, ...value] = trimmed.split('=');
    (sections[current][key] ??= []).push(value.join('='));
  }
  return sections;
}

const seconds = (value) => Number(/^(\d+)s?$/.exec(value)?.[1] ?? Number.NaN);

describe('the systemd unit example (deploy/systemd/gdf@.service, R-OPS-12)', () => {
  const unit = parseUnit(readFileSync(UNIT, 'utf8'));
  const service = unit.Service;

  it('runs npm start’s script from the repository with the shared and the instance’s environment', () => {
    expect(service.ExecStart).toEqual(['/usr/bin/node scripts/start.mjs']);
    expect(existsSync(path.join(root, 'scripts', 'start.mjs'))).toBe(true);
    expect(service.EnvironmentFile).toEqual(['/etc/gdf/gdf.env', '/etc/gdf/instance-%i.env']);
    expect(service.User).toEqual(['gdf']);
    // Every variable of the example is one the server reads (README's configuration table).
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const keys = readFileSync(ENVIRONMENT_EXAMPLE, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split('=')[0]);
    expect(keys.filter((key) => !readme.includes(`| \`${key}\` |`))).toEqual([]);
  });

  it('stops with SIGTERM to the script alone, waits longer than the server’s own limit, restarts on failure', () => {
    expect(service.KillSignal).toEqual(['SIGTERM']);
    expect(service.KillMode).toEqual(['mixed']);
    const timeout = seconds(service.TimeoutStopSec?.[0] ?? '');
    expect(timeout * 1000).toBeGreaterThan(SHUTDOWN_LIMIT_MS + DEFAULT_DRAIN.maxMs);
    expect(service.Restart).toEqual(['on-failure']);
  });

  it('is hardened: no privileges, a read-only system, its state directory only', () => {
    for (const [key, value] of Object.entries({
      NoNewPrivileges: 'yes',
      CapabilityBoundingSet: '',
      ProtectSystem: 'strict',
      ProtectHome: 'yes',
      PrivateTmp: 'yes',
      PrivateDevices: 'yes',
      RestrictSUIDSGID: 'yes',
      SystemCallFilter: '@system-service',
      StateDirectory: 'gdf/%i',
    }))
      expect([key, service[key]]).toEqual([key, [value]]);
  });

  it('systemd reads it without a warning, and rates its exposure OK (systemd-analyze)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gdf-unit-'));
    try {
      // An instance of the template, as `systemctl start gdf@1` loads it.
      const instance = path.join(dir, 'gdf@1.service');
      writeFileSync(instance, readFileSync(UNIT, 'utf8'));
      const verify = spawnSync('systemd-analyze', ['verify', instance], { encoding: 'utf8' });
      expect(verify.status).toBe(0);
      expect(verify.stderr.split('\n').filter((line) => line.includes(instance))).toEqual([]);
      const security = execFileSync('systemd-analyze', ['security', '--offline=true', instance], {
        encoding: 'utf8',
      });
      const exposure = Number(/Overall exposure level for gdf@1\.service: ([\d.]+)/.exec(security)?.[1]);
      expect(exposure).toBeLessThanOrEqual(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
