// The mails about matched posts, HTML and text: the word-bin digest and crisis spike mails here,
// an alert's in modules/alerts/delivery.ts, all written by postsMailText and postsMailHtml: per
// post its author, platform, sentiment (digests), link and an extract; a link to the app and an
// unsubscribe link. Every post-supplied string is escaped; a post's link is shown only when it is
// http(s).
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

/** A matched post as the SQL reads it: the clip, its author's name and handle, its sentiment. */
export interface DigestClipRow {
  id: number | string;
  body: string;
  link: string | null;
  posted_at: Date;
  stream_id: number;
  name: string | null;
  handle: string | null;
  classification_id: number | null;
}

/** What a mail shows of a matched post. */
export const digestClip = (r: DigestClipRow): DigestClip => ({
  clipId: Number(r.id),
  body: r.body,
  link: r.link,
  postedAt: r.posted_at,
  streamId: r.stream_id,
  authorName: r.name,
  authorHandle: r.handle,
  classificationId: r.classification_id,
});

/** What every mail about matched posts says: the posts of a window, and its links. */
export interface PostsWindow {
  clips: DigestClip[];
  /** How many matched in the window (the mail shows at most DIGEST_SHOWN of them). */
  total: number;
  from: Date;
  to: Date;
  /** The client's time zone: the mail's times are on its clock. */
  timeZone: string;
  appLink: string;
  unsubscribeLink: string;
}

export interface DigestMailInput extends PostsWindow {
  listName: string;
  /** 'Reaction list' or 'Crisis list'. */
  kind: string;
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

/** The text mail's lines for the posts: the shown ones, then how many more the app holds. */
function postsText(d: PostsMail): string[] {
  const lines: string[] = [];
  for (const c of d.clips) {
    const head = [`${authorOf(c)} on ${platformOf(c.streamId)}`, ...(d.sentiment ? [sentimentOf(c)] : []), mailTime(c.postedAt, d.timeZone)];
    lines.push(`- ${head.join(', ')}`, `  ${extract(c.body)}`);
    const l = safeLink(c.link);
    if (l) lines.push(`  ${l}`);
  }
  if (d.total > d.clips.length) lines.push('', `And ${d.total - d.clips.length} more in the app.`);
  return lines;
}

/** The HTML mail's table of the posts, then how many more the app holds. */
function postsHtml(d: PostsMail): string {
  const rows = d.clips
    .map((c) => {
      const l = safeLink(c.link);
      const head = [
        `<strong>${escapeHtml(authorOf(c))}</strong> on ${escapeHtml(platformOf(c.streamId))}`,
        ...(d.sentiment ? [escapeHtml(sentimentOf(c))] : []),
        escapeHtml(mailTime(c.postedAt, d.timeZone)),
      ];
      return `<tr><td style="padding:6px;border-bottom:1px solid #ddd">${head.join(' · ')}<br>${escapeHtml(extract(c.body))}${l ? `<br><a href="${escapeHtml(l)}">View post</a>` : ''}</td></tr>`;
    })
    .join('');
  const more = d.total > d.clips.length ? `<p>And ${d.total - d.clips.length} more in the app.</p>` : '';
  return `<table style="border-collapse:collapse">${rows}</table>${more}`;
}

export function digestSubject(d: DigestMailInput): string {
  const n = d.total === 1 ? '1 new mention' : `${d.total} new mentions`;
  return d.intro ? `Crisis alert: ${d.listName} (${n} in the last hour)` : `${d.kind} "${d.listName}": ${n}`;
}

export function digestText(d: DigestMailInput): string {
  return postsMailText(digestMail(d));
}

export function digestHtml(d: DigestMailInput): string {
  return postsMailHtml(digestMail(d));
}

const digestMail = (d: DigestMailInput): PostsMail => ({
  ...d,
  headline: (esc) =>
    `${esc(d.kind)} "${esc(d.listName)}": ${d.total} new mention${d.total === 1 ? '' : 's'} from ${esc(mailTime(d.from, d.timeZone))} to ${esc(mailTime(d.to, d.timeZone))}.`,
  sentiment: true,
  opens: 'the list',
  about: 'list',
});

/** A mail about matched posts (a digest, a crisis spike, an alert), before it is written as text and HTML. */
export interface PostsMail extends PostsWindow {
  /** An explanation first in the mail (a crisis spike's). */
  intro?: string;
  /** The first line: what matched, how many, over which window; `esc` escapes each piece for the HTML mail. */
  headline: (esc: (s: string) => string) => string;
  /** Whether each post shows its sentiment. */
  sentiment: boolean;
  /** What the app link opens ('the list'), and what the recipient stops receiving ('list'). */
  opens: string;
  about: string;
}

export function postsMailText(m: PostsMail): string {
  return [
    ...(m.intro ? [m.intro, ''] : []),
    m.headline((s) => s),
    mailZoneLine(m.timeZone),
    '',
    ...postsText(m),
    '',
    `Open ${m.opens}: ${m.appLink}`,
    `Stop receiving this ${m.about}: ${m.unsubscribeLink}`,
  ].join('\n');
}

export function postsMailHtml(m: PostsMail): string {
  return [
    `<!doctype html><html><body style="font-family:sans-serif">`,
    m.intro ? `<p style="color:#b00020"><strong>${escapeHtml(m.intro)}</strong></p>` : '',
    `<p>${m.headline(escapeHtml)} ${escapeHtml(mailZoneLine(m.timeZone))}</p>`,
    postsHtml(m),
    `<p><a href="${escapeHtml(m.appLink)}">Open ${m.opens}</a></p>`,
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(m.unsubscribeLink)}">Unsubscribe</a> from this ${m.about}.</p>`,
    `</body></html>`,
  ].join('');
}
