import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/** An address without its zone, IPv4-mapped IPv6 read as the IPv4 address it stands for; undefined if none. */
function parsedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const text = address.split('%')[0] ?? '';
  return ipaddr.isValid(text) ? ipaddr.process(text) : undefined;
}

/** The first `count` groups of an IPv6 address, as a prefix of `bits`. */
const ipv6Prefix = (address: ipaddr.IPv6, count: number, bits: number) =>
  `${address.parts
    .slice(0, count)
    .map((group) => group.toString(16))
    .join(':')}::/${bits}`;

/** A keyed hash (the session secret is the key): the same in every process, and never the raw address. */
const keyedId = (secret: string, key: string) =>
  createHmac('sha256', secret).update(key).digest('hex').slice(0, 32);

/**
 * The bucket a client address is limited in. One IPv6 subscriber usually gets a whole /64 and can pick any
 * address in it, so IPv6 counts by its /64; IPv4 (also written IPv4-mapped, ::ffff:a.b.c.d) by the address.
 */
export function clientKeyOf(address: string): string {
  const parsed = parsedAddress(address);
  if (!parsed) return address;
  return parsed.kind() === 'ipv4' ? parsed.toString() : ipv6Prefix(parsed as ipaddr.IPv6, 4, 64);
}

/** Who is asking, for every per-client limit: a keyed hash of the client's bucket. */
export function clientIdOf(secret: string, request: FastifyRequest): string {
  return keyedId(secret, `client:${clientKeyOf(request.ip)}`);
}

/**
 * The network an address belongs to, coarser than a client: an IPv4 /16 or an IPv6 /32 (roughly one
 * provider's region). Taps of one chip from two networks minutes apart are far apart.
 */
export function networkKeyOf(address: string): string {
  const parsed = parsedAddress(address);
  if (!parsed) return address;
  if (parsed.kind() === 'ipv4') return `${(parsed as ipaddr.IPv4).octets.slice(0, 2).join('.')}.0.0/16`;
  return ipv6Prefix(parsed as ipaddr.IPv6, 2, 32);
}

/** The client's network as a keyed hash, like clientIdOf. */
export function networkIdOf(secret: string, request: FastifyRequest): string {
  return keyedId(secret, `network:${networkKeyOf(request.ip)}`);
}
