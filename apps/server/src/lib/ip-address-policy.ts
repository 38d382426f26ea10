import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server-side fetch must never reach (SSRF): loopback, private networks,
 * link-local (where cloud metadata services live), carrier-grade NAT, multicast, reserved
 * and documentation ranges, and IPv6 forms that embed an IPv4 address.
 */
// One list per family: a BlockList also matches IPv4 addresses against IPv6 rules (as
// IPv4-mapped), so ::ffff:0:0/96 in a shared list would refuse every IPv4 address.
const NON_PUBLIC_V4 = new BlockList();
const NON_PUBLIC_V6 = new BlockList();

const IPV4_RANGES: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", including 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (Alibaba's metadata 100.100.100.200 too)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local: 169.254.169.254 metadata of AWS, GCP, Azure...
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];
const IPV6_RANGES: Array<[string, number]> = [
  ['::', 96], // unspecified, loopback ::1 and IPv4-compatible addresses
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (embeds an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local, including AWS's fd00:ec2::254 metadata
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
];
/** Metadata endpoints outside the ranges above. */
const METADATA_ADDRESSES = ['168.63.129.16']; // Azure WireServer

for (const [network, prefix] of IPV4_RANGES) NON_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
for (const address of METADATA_ADDRESSES) NON_PUBLIC_V4.addAddress(address, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) NON_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');

/** True only for a literal IP address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  return version === 4 ? !NON_PUBLIC_V4.check(address, 'ipv4') : !NON_PUBLIC_V6.check(address, 'ipv6');
}
