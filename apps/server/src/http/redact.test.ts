import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.ts';

describe('the request log address', () => {
  it('hides the one-time code and the state of a network return address', () => {
    const out = redactSecrets('/brandInfluencerprofile?code=abc123&state=s.sig&stream=8');
    expect(out).not.toContain('abc123');
    expect(out).not.toContain('s.sig');
    expect(out).toBe('/brandInfluencerprofile?code=[redacted]&state=[redacted]&stream=8');
  });

  it('hides the email address and phone number of a contact added through the query string', () => {
    const out = redactSecrets('/crm/api/contact?ClientId=3&Name=Thandi&Surname=Nkosi&Email=thandi.nkosi%40acme.example&Phone=%2B27%2082%20555%200123');
    expect(out).toBe('/crm/api/contact?ClientId=3&Name=Thandi&Surname=Nkosi&Email=[redacted]&Phone=[redacted]');
    expect(redactSecrets('/api/user/forgotpassword?email=someone@example.com')).toBe('/api/user/forgotpassword?email=[redacted]');
  });

  it('knows email and phone parameters by any spelling of their names', () => {
    for (const name of [
      'email',
      'EMAIL',
      'EmailAddress',
      'user_email',
      'e-mail',
      'phone',
      'PhoneNumber',
      'mobile',
      'MobileNumber',
      'tel',
      'cell',
      'msisdn',
      'username',
      'UserName',
    ])
      expect(redactSecrets(`/api/x?${name}=0825550123`), name).toBe(`/api/x?${name}=[redacted]`);
  });

  it('hides any value or path segment that looks like an email address, whatever it is called', () => {
    expect(redactSecrets('/api/search?q=write+to+jane.doe%40example.org+today&page=2')).toBe('/api/search?q=[redacted]&page=2');
    expect(redactSecrets('/api/search?q=jane@example.org')).toBe('/api/search?q=[redacted]');
    expect(redactSecrets('/api/user/jane%40example.org/profile?x=1')).toBe('/api/user/[redacted]/profile?x=1');
  });

  it('leaves an address without secrets or personal data as it was sent', () => {
    expect(redactSecrets('/api/clip/getall?projectId=3&streams=7,8')).toBe('/api/clip/getall?projectId=3&streams=7,8');
    expect(redactSecrets('/api/clip/getall?q=%40brand&handle=@acme&flag&x=%E0%A4%A')).toBe('/api/clip/getall?q=%40brand&handle=@acme&flag&x=%E0%A4%A');
    expect(redactSecrets('/healthz')).toBe('/healthz');
  });
});
