import { describe, expect, it } from 'vitest';
import { REPLICA_MESSAGES, measureLag, parseLsn, replicaFailure } from './read-replica';
import { currentReadConsistency, readFromPrimary, withReadConsistency } from './read-routing';

describe('WAL positions (R-OPS-06: a reader waits for the replica to replay its own write)', () => {
  it('reads pg_lsn text as a number that compares across the 32-bit boundary', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBe(0x1_0000_0000n);
    expect(parseLsn('16/B374D848') > parseLsn('15/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('16-B374D848')).toThrow(/Position WAL illisible/);
  });
});

describe('replay lag from the primary’s sampled positions (R-OPS-07)', () => {
  const samples = [
    { at: 1_000, lsn: 100n },
    { at: 2_000, lsn: 200n },
    { at: 3_000, lsn: 300n },
  ];

  it('is zero when the replica has replayed every sample, keeping the last one as history', () => {
    expect(measureLag(samples, 300n, 10_000, 9_999_000)).toEqual({ lagMs: 0, kept: [samples[2]] });
    expect(measureLag(samples, 350n, 10_000, null).lagMs).toBe(0);
  });

  it('counts from the first position the replica lacks, keeping the last replayed one before it', () => {
    expect(measureLag(samples, 150n, 4_500, 9_999_000)).toEqual({ lagMs: 2_500, kept: samples.slice(0, 3) });
    expect(measureLag(samples, 250n, 4_500, null)).toEqual({ lagMs: 1_500, kept: samples.slice(1) });
  });

  it('also counts the age of its last replayed transaction when no sample reaches back far enough', () => {
    expect(measureLag(samples, 50n, 4_500, 60_000).lagMs).toBe(60_000);
    expect(measureLag(samples, 50n, 4_500, null).lagMs).toBe(3_500);
  });

  it('says in French how late the replica is and what the reads do meanwhile', () => {
    expect(REPLICA_MESSAGES.lagging(7_250, 5_000)).toBe(
      'La réplique de lecture a 7,3 s de retard (au plus 5 s) : les lectures passent par la base principale.',
    );
  });
});

describe('a read that fails on the replica (R-OPS-07)', () => {
  const sqlError = (code: string) => Object.assign(new Error('x'), { code });

  it('marks the replica unreachable on a connection failure, the read then running on the primary', () => {
    expect(replicaFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'injoignable',
    );
    expect(replicaFailure(new Error('Connection terminated unexpectedly'))).toBe('injoignable');
    expect(replicaFailure(sqlError('57P01'))).toBe('injoignable'); // admin shutdown
    expect(replicaFailure(sqlError('08006'))).toBe('injoignable');
  });

  it('runs on the primary without giving up the replica on a recovery conflict or a full pool', () => {
    expect(replicaFailure(sqlError('40001'))).toBe('autre-base');
    expect(replicaFailure(new Error('timeout exceeded when trying to connect'))).toBe('autre-base');
  });

  it('keeps the errors of the read itself, which the primary would give too', () => {
    expect(replicaFailure(sqlError('57014'))).toBeNull(); // statement timeout
    expect(replicaFailure(sqlError('42P01'))).toBeNull();
    expect(replicaFailure(sqlError('25006'))).toBeNull(); // a write sent to a read: a bug to see
  });
});

describe('the read requirement of the request under way (R-OPS-06)', () => {
  it('follows the request through its awaits, and a mutation sends the rest of it to the primary', async () => {
    expect(currentReadConsistency()).toBeUndefined();
    readFromPrimary(); // outside a request: nothing to change
    const consistency = { primaryOnly: false, writtenAt: () => 42n };
    await withReadConsistency(consistency, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentReadConsistency()?.writtenAt()).toBe(42n);
      readFromPrimary();
    });
    expect(consistency.primaryOnly).toBe(true);
    expect(currentReadConsistency()).toBeUndefined();
  });
});
