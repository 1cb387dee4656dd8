import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientIdOf, clientKeyOf, networkIdOf, networkKeyOf } from './client-id.ts';

const asking = (ip: string) => ({ ip }) as FastifyRequest;

describe('clientKeyOf', () => {
  it('keeps an IPv4 address whole, also when written IPv4-mapped', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientKeyOf('203.0.113.8')).not.toBe(clientKeyOf('203.0.113.7'));
  });

  it('puts every address of one IPv6 /64 in one bucket, and the next /64 in another', () => {
    const bucket = clientKeyOf('2001:db8::1');
    expect(bucket).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('2001:db8::ffff')).toBe(bucket);
    expect(clientKeyOf('2001:0db8:0000:0000:ffff:ffff:ffff:ffff')).toBe(bucket);
    expect(clientKeyOf('2001:DB8::abcd:1')).toBe(bucket);
    expect(clientKeyOf('2001:db8::1%eth0')).toBe(bucket);
    expect(clientKeyOf('2001:db8:0:1::1')).not.toBe(bucket);
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('passes anything that is not an address through unchanged', () => {
    expect(clientKeyOf('')).toBe('');
    expect(clientKeyOf('not-an-ip')).toBe('not-an-ip');
  });
});

describe('clientIdOf', () => {
  it('is a keyed hash of the bucket: the same for one /64, never the raw address', () => {
    const id = clientIdOf('secret-a', asking('2001:db8::1'));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(clientIdOf('secret-a', asking('2001:db8::ffff'))).toBe(id);
    expect(clientIdOf('secret-a', asking('2001:db8:0:1::1'))).not.toBe(id);
    expect(clientIdOf('secret-b', asking('2001:db8::1'))).not.toBe(id);
    expect(clientIdOf('secret-a', asking('::ffff:198.51.100.1'))).toBe(
      clientIdOf('secret-a', asking('198.51.100.1')),
    );
  });
});

describe('networkIdOf', () => {
  it('puts an IPv4 /16 or an IPv6 /32 in one network, keyed like a client id', () => {
    expect(networkKeyOf('203.0.113.7')).toBe('203.0.0.0/16');
    expect(networkKeyOf('::ffff:203.0.200.9')).toBe('203.0.0.0/16');
    expect(networkKeyOf('2001:db8:abcd:1::1')).toBe('2001:db8::/32');
    const id = networkIdOf('secret-a', asking('203.0.113.7'));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(networkIdOf('secret-a', asking('203.0.1.1'))).toBe(id);
    expect(networkIdOf('secret-a', asking('203.1.113.7'))).not.toBe(id);
    expect(networkIdOf('secret-a', asking('203.0.113.7'))).not.toBe(
      clientIdOf('secret-a', asking('203.0.113.7')),
    );
  });
});
