import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './ip-address-policy';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, metadata and special addresses', () => {
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.100.100.200',
      '169.254.169.254',
      '168.63.129.16',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not-an-ip',
      '',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
