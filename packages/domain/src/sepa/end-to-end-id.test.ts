import { describe, expect, it } from 'vitest';
import { parseSepaEndToEndId, sepaEndToEndId } from './end-to-end-id';

describe('EndToEndId of our direct debits (ISO 20022 Max35Text, returned unchanged by the bank)', () => {
  it('round-trips batch and flux ids', () => {
    expect(sepaEndToEndId(12, 3456)).toBe('GDF-12-3456');
    expect(parseSepaEndToEndId('GDF-12-3456')).toEqual({ batchId: 12, fluxId: 3456 });
    expect(parseSepaEndToEndId(' GDF-12-3456 ')).toEqual({ batchId: 12, fluxId: 3456 });
    expect(sepaEndToEndId(2_147_483_647, 2_147_483_647).length).toBeLessThanOrEqual(35);
  });

  it('refuses references that are not ours', () => {
    for (const value of ['NOTPROVIDED', 'GDF-12', 'GDF-0-1', 'GDF-1-01', 'GDF-a-1', 'GDF-1-99999999999', 'xGDF-1-2']) {
      expect(parseSepaEndToEndId(value), value).toBeNull();
    }
    expect(parseSepaEndToEndId('GDF-1-2147483648')).toBeNull();
  });
});
