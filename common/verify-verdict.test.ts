import { describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from './messages/rate-limit.ts';
import { VERIFICATION_STATUS } from './messages/verification.ts';
import { countNoteOf, toneOf, verdictOf } from './verify-verdict.ts';

describe('verdictOf', () => {
  const serial = 'AB12CD34EF56';

  it('reads a registered serial within its checks as genuine, a SKU as a known product', () => {
    expect(verdictOf({ valid: true, status: VERIFICATION_STATUS.genuine, serial_number: serial })).toBe(
      'genuine',
    );
    expect(verdictOf({ valid: true, status: VERIFICATION_STATUS.repeated(3), serial_number: serial })).toBe(
      'genuine',
    );
    expect(verdictOf({ valid: true, status: VERIFICATION_STATUS.sku, serial_number: null })).toBe('known');
  });

  it('reads a genuine serial reported lost as lost, never as the all-clear', () => {
    const lost = {
      valid: true,
      status: VERIFICATION_STATUS.genuine,
      serial_number: serial,
      reported_lost: true,
    };
    expect(verdictOf(lost)).toBe('lost');
    expect(toneOf(verdictOf(lost))).toBe('warning');
    expect(verdictOf({ ...lost, reported_lost: false })).toBe('genuine');
  });

  it('warns past the limit and calls a blocked serial bad', () => {
    expect(verdictOf({ valid: false, status: VERIFICATION_STATUS.limit, serial_number: serial })).toBe(
      'limit',
    );
    expect(verdictOf({ valid: false, status: VERIFICATION_STATUS.blocked, serial_number: serial })).toBe(
      'blocked',
    );
  });

  it('tells an unknown code from a paused visitor and from no answer', () => {
    expect(verdictOf({ valid: false, status: VERIFICATION_STATUS.notFound, httpStatus: 404 })).toBe(
      'unknown',
    );
    expect(verdictOf({ valid: false, status: TOO_MANY_ATTEMPTS, httpStatus: 429 })).toBe('limited');
    expect(verdictOf({ status: TOO_MANY_ATTEMPTS })).toBe('limited');
    expect(verdictOf({ status: 'Verification failed.', httpStatus: 500 })).toBe('failed');
    expect(verdictOf({ status: 'Verification failed.' })).toBe('failed');
  });
});

describe('toneOf', () => {
  it('judges the card genuine, a warning or bad, and the rest as information', () => {
    expect(toneOf('genuine')).toBe('genuine');
    expect(toneOf('limit')).toBe('warning');
    expect(toneOf('lost')).toBe('warning');
    expect(toneOf('blocked')).toBe('bad');
    expect(toneOf('unknown')).toBe('bad');
    for (const verdict of ['known', 'limited', 'failed'] as const) expect(toneOf(verdict)).toBe('info');
  });
});

describe('countNoteOf', () => {
  const genuine = { valid: true, status: 'Genuine product', serial_number: 'TXM6WQCDA7XM', httpStatus: 200 };
  it('says whether a serial check counted, and why not', () => {
    expect(countNoteOf({ ...genuine, counted: true }, false)).toBe('counted');
    expect(countNoteOf({ ...genuine, counted: false }, false)).toBe('repeat');
    expect(countNoteOf({ ...genuine, counted: false }, true)).toBe('foreign');
    const limit = { ...genuine, valid: false, status: 'Verification limit reached', counted: false };
    expect(countNoteOf(limit, false)).toBe('repeat');
  });
  it('says nothing where counting does not apply', () => {
    const blocked = {
      valid: false,
      status: 'This serial number has been blocked',
      serial_number: 'W9PX4XMVDGHY',
    };
    expect(countNoteOf({ ...blocked, counted: false }, false)).toBeNull();
    expect(
      countNoteOf({ valid: true, status: 'Known product', serial_number: null, counted: false }, false),
    ).toBeNull();
    expect(countNoteOf({ status: 'Verification failed.' }, false)).toBeNull();
  });
});
