/**
 * Who may read `/metrics`: a request from a configured network (CIDR list,
 * `METRICS_ALLOW`, default loopback) or one carrying `Authorization: Bearer <METRICS_TOKEN>`.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { timingSafeEqual } from 'node:crypto';

/** Builds the check from the configuration; malformed CIDR entries throw at start. */
export function metricsAccess(allow: readonly string[], token: string | null): (ip: string, authorization: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of allow) {
    const [address, bits] = entry.split('/');
    if (!address) continue;
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (ip, authorization) => {
    if (expected && authorization) {
      const given = Buffer.from(authorization);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    if (isIPv6(plain)) return list.check(plain, 'ipv6');
    return false;
  };
}
