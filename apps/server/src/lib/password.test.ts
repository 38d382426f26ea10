import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('scrypt password hashes (R-SEC-07)', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('demo1234');
    expect(stored.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('demo1234', stored)).toBe(true);
    expect(await verifyPassword('demo12345', stored)).toBe(false);
  });
  it('salts every hash', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });
  it('rejects malformed stored values', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });
});
