// Crisis spike alerts (docs/jobs.md, "Crisis spikes"): beyond the specification, a crisis list
// (word bin type 2) fires at once, whatever its interval, when its matches in the last hour rise
// far above their usual rate. The rule, run by a runner job every minute:
//   observed = matches in [now - 1 h, now); usual = matches per hour over the 7 days before that
//   hour (or since the list started, at least SPIKE.minBaselineHours), at least SPIKE.floorRate;
//   a spike when observed >= SPIKE.minCount, observed >= SPIKE.minRatio x usual, and a Poisson
//   count with the usual rate would reach observed with probability below SPIKE.pValue.
// One alert per list per SPIKE.quietMs. The alert names what drove it: the terms and authors whose
// count in the hour rose most above their own usual hourly count (the excess times the log of the
// ratio, so what is new outranks what was always there), and the hour's most engaged posts.
// The spike row, the notifications and the recipients' mails are written in one transaction.
import { NOTIFICATION_TYPES } from '@listening/contract';
import { clientTimeZone } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { digestHtml, digestSubject, digestText } from '../../mail/digest-mail.ts';
import { notifyRecipients, type DeliveryOptions, type Recipient } from '../../mail/notify.ts';
import { signingKey } from '../../mail/signing.ts';
import { unsubscribeLink, windowClips, wordBinPath } from './digest.ts';
import * as q from './queries.ts';

export const SPIKE_QUEUE = 'crisis-spike';
export const SPIKE_EVERY_MS = 60_000;
export const SPIKE = {
  windowMs: 3600_000,
  baselineMs: 7 * 24 * 3600_000,
  minBaselineHours: 24,
  /** Matches per hour assumed at least: a quiet new list is not alarmed by its first few posts. */
  floorRate: 0.5,
  minCount: 10,
  minRatio: 3,
  pValue: 1e-4,
  /** After an alert, the list is quiet this long. */
  quietMs: 3600_000,
} as const;

/** P(X >= k) for X ~ Poisson(lambda), summed in log space so large counts do not overflow. */
export function poissonTail(k: number, lambda: number): number {
  if (k <= 0) return 1;
  // 1 - P(X <= k - 1)
  let logTerm = -lambda;
  let cdf = Math.exp(logTerm);
  for (let i = 1; i < k; i++) {
    logTerm += Math.log(lambda) - Math.log(i);
    cdf += Math.exp(logTerm);
  }
  return Math.max(0, 1 - cdf);
}

export interface SpikeVerdict {
  observed: number;
  expected: number;
  pValue: number;
  spike: boolean;
}

/** The rule alone: observed matches in the hour against the usual hourly rate. */
export function judge(observed: number, baselineCount: number, baselineHours: number): SpikeVerdict {
  const expected = Math.max(SPIKE.floorRate, baselineCount / Math.max(baselineHours, SPIKE.minBaselineHours));
  const pValue = poissonTail(observed, expected);
  return { observed, expected, pValue, spike: observed >= SPIKE.minCount && observed >= SPIKE.minRatio * expected && pValue < SPIKE.pValue };
}

export interface Drivers {
  terms: { term: string; count: number; usual: number }[];
  authors: { author: string; count: number; usual: number }[];
  posts: { clipId: number; author: string | null; body: string; engagement: number }[];
}

const score = (r: { count: number; usual: number }) => (r.count - r.usual) * Math.log((r.count + 1) / (r.usual + 1));

/** What rose most in the hour against its own usual hourly count. */
async function driversOf(db: Db, wordBinId: number, hourFrom: Date, to: Date, baseFrom: Date, baseHours: number): Promise<Drivers> {
  const lift = (rows: { key: string | null; hour: number; base: number }[]) =>
    rows
      .filter((r) => r.key && Number(r.hour) >= 2)
      .map((r) => ({ key: r.key!, count: Number(r.hour), usual: Number(r.base) / baseHours }))
      // The excess weighted by how unusual it is: a term that was always there ranks below a new one.
      .sort((a, b) => score(b) - score(a))
      .slice(0, 5);
  const terms = await q.termCountsAround(db, wordBinId, baseFrom, hourFrom, to);
  const authors = await q.authorCountsAround(db, wordBinId, baseFrom, hourFrom, to);
  const posts = await q.mostEngagedMatches(db, wordBinId, hourFrom, to, 3);
  return {
    terms: lift(terms).map((t) => ({ term: t.key, count: t.count, usual: t.usual })),
    authors: lift(authors).map((a) => ({ author: a.key, count: a.count, usual: a.usual })),
    posts: posts.map((p) => ({ clipId: Number(p.id), author: p.name, body: p.body.slice(0, 200), engagement: Number(p.engagement) })),
  };
}

/** One sentence naming the spike and its drivers, for the notification and the mail. */
export function describeSpike(name: string, v: SpikeVerdict, d: Drivers): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const terms = d.terms.slice(0, 3).map((t) => `"${t.term}" (${n(t.count)})`);
  const authors = d.authors.slice(0, 3).map((a) => `${a.author} (${n(a.count)})`);
  return [
    `Crisis list "${name}": ${n(v.observed)} mentions in the last hour, usually ${v.expected < 10 ? v.expected.toFixed(1) : n(Math.round(v.expected))}.`,
    terms.length ? ` Rising terms: ${terms.join(', ')}.` : '',
    authors.length ? ` Rising authors: ${authors.join(', ')}.` : '',
  ].join('');
}

export interface SpikeAlert {
  wordBinId: number;
  verdict: SpikeVerdict;
  drivers: Drivers;
}

/** Checks one crisis list and raises its alert when the rule says so; null otherwise. */
export async function checkSpike(db: Db, wordBinId: number, opts: DeliveryOptions): Promise<SpikeAlert | null> {
  const now = opts.now ?? new Date();
  await signingKey(db);
  return db.transaction().execute(async (trx) => {
    const bin = await q.lockActiveBin(trx, wordBinId);
    if (!bin || bin.word_bin_type_id !== 2) return null;
    const recent = await q.spikeSince(trx, bin.id, new Date(now.getTime() - SPIKE.quietMs));
    if (recent) return null;
    const hourFrom = new Date(now.getTime() - SPIKE.windowMs);
    const baseFrom = new Date(Math.max(hourFrom.getTime() - SPIKE.baselineMs, bin.start_date.getTime()));
    const baseHours = Math.max(0, (hourFrom.getTime() - baseFrom.getTime()) / 3600_000);
    const counts = await q.matchCountsAround(trx, bin.id, baseFrom, hourFrom, now);
    const verdict = judge(Number(counts.hour), Number(counts.base), baseHours);
    if (!verdict.spike) return null;
    const drivers = await driversOf(trx, bin.id, hourFrom, now, baseFrom, Math.max(baseHours, SPIKE.minBaselineHours));
    const hour = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000);
    const row = await q.insertSpike(trx, { wordBinId: bin.id, hour, observed: verdict.observed, expected: verdict.expected, drivers });
    if (!row) return null;
    const intro = describeSpike(bin.description, verdict, drivers);
    const path = wordBinPath(bin);
    const recipients = await q.recipientsOf(trx, [bin.id], bin.client_id);
    const clips = await windowClips(trx, bin.id, hourFrom, now);
    const top = new Set(drivers.posts.map((p) => p.clipId));
    // The posts that drove it first, then the hour's newest.
    const shown = [...clips.filter((c) => top.has(c.clipId)), ...clips.filter((c) => !top.has(c.clipId)).reverse()].slice(0, 20);
    const timeZone = await clientTimeZone(trx, bin.client_id);
    const told: Recipient[] = [];
    for (const r of recipients) {
      const mail = {
        listName: bin.description,
        kind: 'Crisis list',
        clips: shown,
        total: verdict.observed,
        from: hourFrom,
        to: now,
        timeZone,
        appLink: `${opts.publicUrl.replace(/\/$/, '')}${path}`,
        unsubscribeLink: await unsubscribeLink(db, opts.publicUrl, { word_bin_id: bin.id, contact_id: r.contact_id }),
        intro,
      };
      told.push({
        userId: r.user_id,
        mail: {
          to: r.email,
          subject: digestSubject(mail),
          text: digestText(mail),
          html: digestHtml(mail),
          idempotencyKey: `crisis:${bin.id}:${hour.toISOString()}:${r.id}`,
        },
      });
    }
    await notifyRecipients(
      trx,
      told,
      { description: intro, typeId: NOTIFICATION_TYPES.ReactionListAlert, projectId: bin.project_id, link: path },
      { smtp: opts.smtp },
    );
    return { wordBinId: bin.id, verdict, drivers };
  });
}

/** The job: every active crisis list. */
export async function checkCrisisSpikes(db: Db, opts: DeliveryOptions): Promise<SpikeAlert[]> {
  const now = opts.now ?? new Date();
  const bins = await q.runningCrisisLists(db, now);
  const out: SpikeAlert[] = [];
  for (const id of bins) {
    const a = await checkSpike(db, id, { ...opts, now });
    if (a) out.push(a);
  }
  return out;
}
