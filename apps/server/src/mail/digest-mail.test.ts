import { describe, expect, it } from 'vitest';
import { alertHtml, alertText } from '../modules/alerts/delivery.ts';
import { digestHtml, digestText, type DigestMailInput } from './digest-mail.ts';

const mail = (timeZone: string): DigestMailInput => ({
  listName: 'Product recall',
  kind: 'Reaction list',
  clips: [
    {
      clipId: 1,
      body: 'Is the recall over?',
      link: null,
      postedAt: new Date('2026-11-26T11:30:00Z'),
      streamId: 7,
      authorName: 'Lerato',
      authorHandle: null,
      classificationId: 3,
    },
  ],
  total: 1,
  from: new Date('2026-11-26T11:00:00Z'),
  to: new Date('2026-11-26T12:00:00Z'),
  timeZone,
  appLink: 'http://localhost/list',
  unsubscribeLink: 'http://localhost/unsubscribe',
});

describe('digest mail times', () => {
  it("gives the window and each post's time on the client's clock, in the app's format, naming the zone once", () => {
    // 11:30 UTC is 00:30 the next day in Auckland (UTC+13 in its summer).
    const text = digestText(mail('Pacific/Auckland'));
    expect(text).toContain('from 27 Nov 2026, 00:00 to 27 Nov 2026, 01:00.');
    expect(text).toContain('Lerato on X, Positive, 27 Nov 2026, 00:30');
    expect(text.match(/Times in Pacific\/Auckland\./g)).toHaveLength(1);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const html = digestHtml(mail('Africa/Johannesburg'));
    expect(html).toContain('from 26 Nov 2026, 13:00 to 26 Nov 2026, 14:00. Times in Africa/Johannesburg.');
    expect(html).toContain('Positive · 26 Nov 2026, 13:30');
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});

describe('alert mail times', () => {
  it("gives the window and each mention's time on the client's clock, naming the zone once", () => {
    const m = { ...mail('America/Los_Angeles'), alertName: 'Brand watch', projectName: 'Acme' };
    const text = alertText(m);
    // 11:30 UTC is 03:30 in Los Angeles (UTC-8 in November).
    expect(text).toContain('from 26 Nov 2026, 03:00 to 26 Nov 2026, 04:00.');
    expect(text).toContain('Lerato on X, 26 Nov 2026, 03:30');
    expect(text.match(/Times in America\/Los Angeles\./g)).toHaveLength(1);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(alertHtml(m)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
