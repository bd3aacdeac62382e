import { describe, expect, it } from 'vitest';
import { escapeHtml, html, safeHtml } from './html.ts';

describe('html', () => {
  it('escapes every interpolated value, so post text cannot inject markup', () => {
    const word = '<img src=x onerror="alert(1)">';
    expect(html`${word}: <b>${3}</b>`).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;: <b>3</b>');
  });

  it('keeps nested fragments built with safeHtml as markup', () => {
    const line = safeHtml`<br/>${'a & b'}`;
    expect(html`<b>${'x'}</b>${line}`).toBe('<b>x</b><br/>a &amp; b');
  });

  it('escapes quotes and backticks for attributes, and shows null as empty', () => {
    expect(escapeHtml(`"'\``)).toBe('&quot;&#39;&#96;');
    expect(escapeHtml(null)).toBe('');
  });
});
