import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * The bucket a client address is limited in. One IPv6 subscriber usually gets a whole /64 and can pick any
 * address in it, so IPv6 counts by its /64; IPv4 (also written IPv4-mapped, ::ffff:a.b.c.d) by the address.
 */
export function clientKeyOf(address: string): string {
  const text = address.split('%')[0] ?? '';
  if (!ipaddr.isValid(text)) return address;
  // process() turns an IPv4-mapped IPv6 address into the IPv4 address it stands for.
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const groups = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(':')}::/64`;
}

/**
 * Who is asking, for every per-client limit: a keyed hash of the client's bucket (the session secret is the
 * key), the same in every process, and never the raw address.
 */
export function clientIdOf(secret: string, request: FastifyRequest): string {
  return createHmac('sha256', secret)
    .update(`client:${clientKeyOf(request.ip)}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * The network an address belongs to, coarser than a client: an IPv4 /16 or an IPv6 /32 (roughly one
 * provider's region). Taps of one chip from two networks minutes apart are far apart.
 */
export function networkKeyOf(address: string): string {
  const text = address.split('%')[0] ?? '';
  if (!ipaddr.isValid(text)) return address;
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') return `${(parsed as ipaddr.IPv4).octets.slice(0, 2).join('.')}.0.0/16`;
  const groups = (parsed as ipaddr.IPv6).parts.slice(0, 2);
  return `${groups.map((group) => group.toString(16)).join(':')}::/32`;
}

/** The client's network as a keyed hash, like clientIdOf: the same in every process, never the address. */
export function networkIdOf(secret: string, request: FastifyRequest): string {
  return createHmac('sha256', secret)
    .update(`network:${networkKeyOf(request.ip)}`)
    .digest('hex')
    .slice(0, 32);
}
