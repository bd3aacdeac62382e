import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.ts';

describe('the request log address', () => {
  it('hides the one-time code and the state of a network return address', () => {
    const out = redactSecrets('/brandInfluencerprofile?code=abc123&state=s.sig&stream=8');
    expect(out).not.toContain('abc123');
    expect(out).not.toContain('s.sig');
    expect(out).toBe('/brandInfluencerprofile?code=%5Bredacted%5D&state=%5Bredacted%5D&stream=8');
  });

  it('leaves an address without secrets as it was', () => {
    expect(redactSecrets('/api/clip/getall?projectId=3&streams=7,8')).toBe('/api/clip/getall?projectId=3&streams=7,8');
    expect(redactSecrets('/healthz')).toBe('/healthz');
  });
});
