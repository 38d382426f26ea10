import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE, auditLockfile, lockfilePackages } from './audit-lockfile.mjs';
import { fromBulkAnswer, fromOsvRecords, osvRange } from './refresh-advisories.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'audit-lockfile.mjs');

/** A package-lock.json v3 holding `packages` (location -> entry) besides a workspace and its link. */
const lockfile = (packages) => ({
  name: 'synthetic',
  lockfileVersion: 3,
  packages: {
    '': { name: 'synthetic', workspaces: ['apps/app'] },
    'apps/app': { name: '@x/app', version: '1.0.0' },
    'node_modules/@x/app': { resolved: 'apps/app', link: true },
    ...packages,
  },
});

const database = {
  source: 'test',
  updatedAt: '2026-11-01',
  advisories: {
    minimist: [
      {
        id: 'GHSA-xvch-5gv4-984h',
        url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h',
        title: 'Prototype Pollution in minimist',
        severity: 'critical',
        vulnerable_versions: '<0.2.4 || >=1.0.0 <1.2.6',
      },
    ],
    semver: [
      {
        id: 'GHSA-c2qf-rxjj-qqgw',
        url: 'https://github.com/advisories/GHSA-c2qf-rxjj-qqgw',
        title: 'semver vulnerable to Regular Expression Denial of Service',
        severity: 'moderate',
        vulnerable_versions: '<5.7.2 || >=6.0.0 <6.3.1 || >=7.0.0 <7.5.2',
      },
    ],
  },
};
const now = new Date('2026-11-28T12:00:00Z');

describe('known vulnerabilities checked offline (R-SEC-19)', () => {
  it('reads every installed package, nested and scoped, and skips the workspaces and their links', () => {
    const found = lockfilePackages(
      lockfile({
        'node_modules/minimist': { version: '1.2.8' },
        'node_modules/@scope/a/node_modules/minimist': { version: '1.2.5', dev: true },
        'apps/app/node_modules/@scope/b': { version: '2.0.0' },
      }),
    );
    expect(found).toEqual([
      { name: 'minimist', version: '1.2.8', location: 'node_modules/minimist', dev: false },
      { name: 'minimist', version: '1.2.5', location: 'node_modules/@scope/a/node_modules/minimist', dev: true },
      { name: '@scope/b', version: '2.0.0', location: 'apps/app/node_modules/@scope/b', dev: false },
    ]);
  });

  it('fails on a critical advisory of a production package, reports it on a development one', () => {
    const production = auditLockfile(lockfile({ 'node_modules/minimist': { version: '1.2.5' } }), database, { now });
    expect(production.failures.map((m) => `${m.name}@${m.version} ${m.advisory.id}`)).toEqual([
      'minimist@1.2.5 GHSA-xvch-5gv4-984h',
    ]);
    const development = auditLockfile(
      lockfile({ 'node_modules/minimist': { version: '1.2.5', dev: true } }),
      database,
      { now },
    );
    expect(development.failures).toEqual([]);
    expect(development.reported.map((m) => m.advisory.id)).toEqual(['GHSA-xvch-5gv4-984h']);
    const fixed = auditLockfile(lockfile({ 'node_modules/minimist': { version: '1.2.6' } }), database, { now });
    expect([...fixed.failures, ...fixed.reported]).toEqual([]);
  });

  it('reports a moderate advisory in production without failing', () => {
    const result = auditLockfile(lockfile({ 'node_modules/semver': { version: '7.5.1' } }), database, { now });
    expect(result.failures).toEqual([]);
    expect(result.reported.map((m) => `${m.name}@${m.version} ${m.advisory.severity}`)).toEqual([
      'semver@7.5.1 moderate',
    ]);
  });

  it('an accepted advisory stops failing until its day, then fails again', () => {
    const lock = lockfile({ 'node_modules/minimist': { version: '1.2.5' } });
    const accepted = [{ id: 'GHSA-xvch-5gv4-984h', reason: 'no fix yet', until: '2026-12-31' }];
    expect(auditLockfile(lock, database, { accepted, now }).failures).toEqual([]);
    const later = new Date('2027-01-01T08:00:00Z');
    expect(auditLockfile(lock, database, { accepted, now: later }).failures).toHaveLength(1);
  });

  it('reads a v1 lockfile too, and names a database older than 45 days stale', () => {
    const v1 = {
      lockfileVersion: 1,
      dependencies: { a: { version: '1.0.0', dependencies: { minimist: { version: '0.2.3' } } } },
    };
    const result = auditLockfile(v1, database, { now: new Date('2027-02-01T00:00:00Z') });
    expect(result.failures.map((m) => m.location)).toEqual(['node_modules/a/node_modules/minimist']);
    expect(result.stale).toBe(true);
    expect(auditLockfile(v1, database, { now }).stale).toBe(false);
  });

  it('the command exits 1 on a lockfile holding minimist 1.2.5 in production, 0 once it is development only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gdf-audit-'));
    try {
      const run = (lock) => {
        const file = path.join(dir, 'package-lock.json');
        writeFileSync(file, JSON.stringify(lock));
        try {
          return { code: 0, output: execFileSync('node', [SCRIPT, '--lockfile', file], { encoding: 'utf8' }) };
        } catch (error) {
          return { code: error.status, output: String(error.stdout) };
        }
      };
      // The vendored database itself knows this advisory.
      const vulnerable = run(lockfile({ 'node_modules/minimist': { version: '1.2.5' } }));
      expect(vulnerable.code, vulnerable.output).toBe(1);
      expect(vulnerable.output).toMatch(/critical minimist@1\.2\.5 .*GHSA-xvch-5gv4-984h/);
      expect(run(lockfile({ 'node_modules/minimist': { version: '1.2.5', dev: true } })).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(DEFAULT_DATABASE).toMatch(/scripts\/advisories\/npm-advisories\.json$/);
  });
});

describe('refreshing the advisory database (R-SEC-19)', () => {
  it('turns OSV ranges into semver ranges', () => {
    const events = (...list) => ({ ranges: [{ type: 'SEMVER', events: list }] });
    expect(osvRange(events({ introduced: '0' }, { fixed: '1.2.6' }))).toBe('<1.2.6');
    expect(osvRange(events({ introduced: '2.0.0' }, { fixed: '2.0.2' }, { introduced: '3.0.0' }))).toBe(
      '>=2.0.0 <2.0.2 || >=3.0.0',
    );
    expect(osvRange(events({ introduced: '1.0.0' }, { last_affected: '1.1.11' }))).toBe('>=1.0.0 <=1.1.11');
    expect(osvRange({ versions: ['4.0.0', '4.0.1'] })).toBe('=4.0.0 || =4.0.1');
  });

  it('keeps the lockfile’s packages of an OSV export, and the bulk answer’s fields, sorted', () => {
    const record = {
      id: 'GHSA-xvch-5gv4-984h',
      summary: 'Prototype Pollution in minimist',
      database_specific: { severity: 'CRITICAL' },
      affected: [
        {
          package: { ecosystem: 'npm', name: 'minimist' },
          ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '0.2.4' }] }],
        },
        { package: { ecosystem: 'npm', name: 'other' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] },
      ],
    };
    expect(
      fromOsvRecords([record, { ...record, id: 'GHSA-old', withdrawn: '2024-01-01' }], new Set(['minimist'])),
    ).toEqual({
      minimist: [
        {
          id: 'GHSA-xvch-5gv4-984h',
          url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h',
          title: 'Prototype Pollution in minimist',
          severity: 'critical',
          vulnerable_versions: '<0.2.4',
        },
      ],
    });
    expect(
      Object.keys(
        fromBulkAnswer({
          zod: [{ id: 2, title: 't', severity: 'high', vulnerable_versions: '<1.0.0', url: 'u' }],
          abc: [{ id: 1, title: 't', severity: 'weird', vulnerable_versions: '<2.0.0' }],
          none: [],
        }),
      ),
    ).toEqual(['abc', 'zod']);
  });
});
