import { describe, expect, it } from 'vitest';
import { ApiError, failureMessage, fieldErrors, serverDetail } from './api';

describe('what a failed call tells the user', () => {
  it("gives the server's detail, or nothing when it gave none", () => {
    expect(serverDetail(new ApiError(409, { detail: 'This card is already claimed.' }))).toBe(
      'This card is already claimed.',
    );
    expect(serverDetail(new ApiError(500, undefined))).toBeUndefined();
    expect(serverDetail(new ApiError(400, { detail: '' }))).toBeUndefined();
    expect(serverDetail(new Error('network'))).toBeUndefined();
  });

  it('gives the field errors of a 4xx, and none for anything else', () => {
    expect(fieldErrors(new ApiError(400, { errors: { email: ['Enter a valid e-mail.'] } }))).toEqual({
      email: ['Enter a valid e-mail.'],
    });
    expect(fieldErrors(new TypeError('offline'))).toEqual({});
  });

  it("keeps the screen's message except when the server says to slow down", () => {
    expect(failureMessage(new ApiError(400, { detail: 'Bad.' }), 'Not saved.')).toBe('Not saved.');
    expect(
      failureMessage(new ApiError(429, { detail: 'Too many tries. Wait a minute.' }), 'Not saved.'),
    ).toBe('Too many tries. Wait a minute.');
  });
});
