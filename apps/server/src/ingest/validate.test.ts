import { describe, expect, it } from 'vitest';
import type { Post } from './post.ts';
import { normalise } from './validate.ts';

const base: Post = { streamId: 7, externalId: '1', author: { externalId: 'a', name: 'A' }, body: 'hello', postedAt: new Date('2024-06-01T10:00:00Z') };
const links = (link: string | null, mediaUrl: string | null = null) => {
  const n = normalise({ ...base, link, mediaUrl });
  if (typeof n === 'string') throw new Error(n);
  return [n.link, n.mediaUrl];
};

describe('normalise', () => {
  it('keeps http and https links', () => {
    expect(links(' https://acme.co.za/deals?x=1 ', 'http://cdn.example/a.jpg')).toEqual(['https://acme.co.za/deals?x=1', 'http://cdn.example/a.jpg']);
    expect(links('HTTPS://X.COM/acme/status/1')).toEqual(['HTTPS://X.COM/acme/status/1', null]);
  });

  // The web app renders a clip's link as href: only web addresses may reach it.
  it('drops links and media addresses of any other scheme, or that are not absolute addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://x.example/a',
      '//evil.example/x',
      '/relative/path',
      'https:evil.example',
      'http://',
      'mailto:a@b.c',
      '\u0000javascript:alert(1)',
    ])
      expect(links(bad, bad), JSON.stringify(bad)).toEqual([null, null]);
  });
});
