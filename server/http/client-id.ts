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
