// The word-bin digest and crisis spike mails, HTML and text: per post its author, platform,
// sentiment, link and an extract; a link to the list in the app and an unsubscribe link. Every
// post-supplied string is escaped; a post's link is shown only when it is http(s).
import { CLASSIFICATION_NAMES, STREAM_NAMES, type StreamId } from '@listening/contract';
import { mailTime, mailZoneLine } from './time.ts';

export interface DigestClip {
  clipId: number;
  body: string;
  link: string | null;
  postedAt: Date;
  streamId: number;
  authorName: string | null;
  authorHandle: string | null;
  classificationId: number | null;
}

export interface DigestMailInput {
  listName: string;
  /** 'Reaction list' or 'Crisis list'. */
  kind: string;
  clips: DigestClip[];
  /** How many matched in the window (the mail shows at most DIGEST_SHOWN of them). */
  total: number;
  from: Date;
  to: Date;
  /** The client's time zone: the mail's times are on its clock. */
  timeZone: string;
  appLink: string;
  unsubscribeLink: string;
  /** A crisis spike's explanation, first in the mail. */
  intro?: string;
}

/** Posts listed in one mail; the rest are counted and found in the app. */
export const DIGEST_SHOWN = 50;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const safeLink = (l: string | null) => (l && /^https?:\/\//i.test(l) ? l : null);
export const platformOf = (streamId: number) => STREAM_NAMES[streamId as StreamId] ?? (streamId === 13 ? 'Blogs' : `Stream ${streamId}`);
const sentimentOf = (c: DigestClip) => CLASSIFICATION_NAMES[c.classificationId ?? 0] ?? 'None';
const authorOf = (c: DigestClip) => (c.authorName ? `${c.authorName}${c.authorHandle ? ` (@${c.authorHandle.replace(/^@/, '')})` : ''}` : 'Unknown author');
const extract = (body: string) => (body.length > 280 ? `${body.slice(0, 277)}...` : body).replace(/\s+/g, ' ').trim();

export function digestSubject(d: DigestMailInput): string {
  const n = d.total === 1 ? '1 new mention' : `${d.total} new mentions`;
  return d.intro ? `Crisis alert: ${d.listName} (${n} in the last hour)` : `${d.kind} "${d.listName}": ${n}`;
}

export function digestText(d: DigestMailInput): string {
  const lines = [
    ...(d.intro ? [d.intro, ''] : []),
    `${d.kind} "${d.listName}": ${d.total} new mention${d.total === 1 ? '' : 's'} from ${mailTime(d.from, d.timeZone)} to ${mailTime(d.to, d.timeZone)}.`,
    mailZoneLine(d.timeZone),
    '',
  ];
  for (const c of d.clips) {
    lines.push(`- ${authorOf(c)} on ${platformOf(c.streamId)}, ${sentimentOf(c)}, ${mailTime(c.postedAt, d.timeZone)}`);
    lines.push(`  ${extract(c.body)}`);
    const l = safeLink(c.link);
    if (l) lines.push(`  ${l}`);
  }
  if (d.total > d.clips.length) lines.push('', `And ${d.total - d.clips.length} more in the app.`);
  lines.push('', `Open the list: ${d.appLink}`, `Stop receiving this list: ${d.unsubscribeLink}`);
  return lines.join('\n');
}

export function digestHtml(d: DigestMailInput): string {
  const rows = d.clips
    .map((c) => {
      const l = safeLink(c.link);
      return `<tr><td style="padding:6px;border-bottom:1px solid #ddd"><strong>${escapeHtml(authorOf(c))}</strong> on ${escapeHtml(platformOf(c.streamId))} · ${escapeHtml(sentimentOf(c))} · ${escapeHtml(mailTime(c.postedAt, d.timeZone))}<br>${escapeHtml(extract(c.body))}${l ? `<br><a href="${escapeHtml(l)}">View post</a>` : ''}</td></tr>`;
    })
    .join('');
  const more = d.total > d.clips.length ? `<p>And ${d.total - d.clips.length} more in the app.</p>` : '';
  return [
    `<!doctype html><html><body style="font-family:sans-serif">`,
    d.intro ? `<p style="color:#b00020"><strong>${escapeHtml(d.intro)}</strong></p>` : '',
    `<p>${escapeHtml(d.kind)} "${escapeHtml(d.listName)}": ${d.total} new mention${d.total === 1 ? '' : 's'} from ${escapeHtml(mailTime(d.from, d.timeZone))} to ${escapeHtml(mailTime(d.to, d.timeZone))}. ${escapeHtml(mailZoneLine(d.timeZone))}</p>`,
    `<table style="border-collapse:collapse">${rows}</table>${more}`,
    `<p><a href="${escapeHtml(d.appLink)}">Open the list</a></p>`,
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(d.unsubscribeLink)}">Unsubscribe</a> from this list.</p>`,
    `</body></html>`,
  ].join('');
}
