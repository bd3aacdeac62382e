import { describe, expect, it } from 'vitest';
import { FIRST_STEP, hasInvalidTokens, LINKABLE_STREAMS, stepReducer, tokenStatus, type ModalStep } from './status.ts';

describe('an access-token profile’s status', () => {
  it('is Not Granted without a token, whatever its last check said', () => {
    expect(tokenStatus({ HasToken: false, IsValid: false })).toBe('Not Granted');
    expect(tokenStatus({ HasToken: false, IsValid: true })).toBe('Not Granted');
  });
  it('is Invalid when a token exists but failed its check, Granted when it passed', () => {
    expect(tokenStatus({ HasToken: true, IsValid: false })).toBe('Invalid');
    expect(tokenStatus({ HasToken: true, IsValid: true })).toBe('Granted');
  });
  it('asks for the invalid-token prompt only when a profile is Invalid', () => {
    expect(hasInvalidTokens(undefined)).toBe(false);
    expect(
      hasInvalidTokens([
        { HasToken: false, IsValid: false },
        { HasToken: true, IsValid: true },
      ]),
    ).toBe(false);
    expect(
      hasInvalidTokens([
        { HasToken: true, IsValid: true },
        { HasToken: true, IsValid: false },
      ]),
    ).toBe(true);
  });
});

describe('the Access Token Management modal’s steps', () => {
  const profile = { ProfileId: 4, Name: 'Acme Cola' };

  it('offers the six networks with an authorisation link', () => {
    expect(LINKABLE_STREAMS).toEqual([8, 9, 10, 11, 12, 7]);
  });
  it('goes from the profiles to the platforms to the link, and back the same way', () => {
    let s: ModalStep = FIRST_STEP;
    s = stepReducer(s, { type: 'add' });
    expect(s).toEqual({ step: 2 });
    s = stepReducer(s, { type: 'pick', streamId: 9 });
    expect(s).toEqual({ step: 3, streamId: 9, profile: null });
    s = stepReducer(s, { type: 'back' });
    expect(s).toEqual({ step: 2 });
    expect(stepReducer(s, { type: 'back' })).toEqual({ step: 1 });
  });
  it('takes a re-grant from the list straight to the link, and back to the list', () => {
    const s = stepReducer(FIRST_STEP, { type: 'regrant', streamId: 8, profile });
    expect(s).toEqual({ step: 3, streamId: 8, profile });
    expect(stepReducer(s, { type: 'back' })).toEqual({ step: 1 });
  });
  it('refuses a network without an authorisation link (a blog)', () => {
    expect(stepReducer({ step: 2 }, { type: 'pick', streamId: 13 })).toEqual({ step: 2 });
    expect(stepReducer(FIRST_STEP, { type: 'regrant', streamId: 0, profile })).toEqual({ step: 1 });
  });
  it('resets to the list from any step', () => {
    expect(stepReducer({ step: 3, streamId: 7, profile: null }, { type: 'reset' })).toEqual(FIRST_STEP);
  });
});
