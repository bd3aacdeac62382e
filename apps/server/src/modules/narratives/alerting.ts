// The alert on a new narrative (docs/narratives.md, "Alert on a new narrative"): every few minutes
// each saved query with an alert is searched over its range kind (every matching post of it, read
// page by page and grouped on a worker thread as a large search is, grouping-thread.ts), and a narrative of at least its size that is emerging, or grew by its growth factor, is
// told to its recipients by mail and the bell, once: a narrative whose label shares a phrase with
// one told before is the same storyline, and claiming it (narrative_alerts) and queueing the mails
// are one transaction, so a worker killed part way tells nothing and the next run tells it.
import { NARRATIVE_RANGE_KINDS, NOTIFICATION_TYPES, type Narrative, type NarrativeRangeKind } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { notifyRecipients } from '../../mail/notify.ts';
import { clientTimeZone, fromWall, toWall, wallRange, type Scope } from '../../analytics/scope.ts';
import * as q from './queries.ts';
import { startGroupingThread } from './grouping-thread.ts';
import { yieldToRequests } from '../../jobs/yield.ts';

export const NARRATIVE_ALERT_QUEUE = 'narrative-alerts';
export const NARRATIVE_ALERT_EVERY_MS = 15 * 60_000;
const DAY = 86_400_000;

/**
 * How many times the latest quarter of the days' daily posts is the earlier days' (from its first
 * day), as the narrative's state compares them; Infinity for one that first appears in the latest quarter.
 */
export function growth(daily: number[]): number {
  const n = daily.length;
  const recentDays = Math.max(1, Math.floor(n / 4));
  const first = daily.findIndex((d) => d > 0);
  if (first < 0) return 0;
  if (first >= n - recentDays) return Infinity;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const earlier = mean(daily.slice(first, n - recentDays));
  return earlier === 0 ? Infinity : mean(daily.slice(n - recentDays)) / earlier;
}

/** Whether a narrative is new enough and large enough for the alert. */
export const alerts = (n: Narrative, minPosts: number, minGrowth: number) =>
  n.Posts >= minPosts && (n.State === 'emerging' || growth(n.Trend.map((d) => d.Posts)) >= minGrowth);

/** The saved query's scope: its project's bin and its streams over the last days of its range kind, today included, in the client's zone. */
async function scopeOf(db: Db, row: Awaited<ReturnType<typeof q.alertingQueries>>[number], now: Date): Promise<Scope> {
  const project = await q.projectRow(db, row.project_id);
  const timeZone = await clientTimeZone(db, row.client_id);
  const today = toWall(now, timeZone);
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 23, 59, 59));
  const start = new Date(end.getTime() - (NARRATIVE_RANGE_KINDS[row.range_kind as NarrativeRangeKind] ?? 30) * DAY + 1000);
  const { startWall, endWallExclusive } = wallRange(start, end);
  return {
    project,
    binId: row.bin_id!,
    streams: row.stream_ids,
    timeZone,
    from: fromWall(startWall, timeZone),
    to: fromWall(endWallExclusive, timeZone),
    startWall,
    endWall: new Date(endWallExclusive.getTime() - 1),
  };
}

export interface NarrativeAlertRun {
  queryId: number;
  /** The posts grouped: every post of the query's scope. */
  posts: number;
  narratives: number;
  mails: number;
}

/** Posts read per statement. */
const PAGE = 10_000;

/** The answer over every post of the scope, grouped on a worker thread (this one keeps answering requests). */
async function answerOverAll(db: Db, s: Scope, query: string, pageSize: number) {
  const grouping = startGroupingThread();
  try {
    let read = 0;
    let last: q.NarrativeRow | undefined;
    for (;;) {
      const page = await q.postsInScope(db, s, pageSize, last ? { postedAt: new Date(last.posted_at), id: Number(last.id) } : undefined);
      grouping.add(page);
      read += page.length;
      last = page.at(-1) ?? last;
      if (page.length < pageSize) break;
      await yieldToRequests();
    }
    return { answer: await grouping.answer(query, s), read };
  } finally {
    await grouping.close();
  }
}

export async function alertNewNarratives(db: Db, opts: { publicUrl: string; smtp: boolean; now?: Date; pageSize?: number }): Promise<NarrativeAlertRun[]> {
  const now = opts.now ?? new Date();
  const out: NarrativeAlertRun[] = [];
  for (const row of await q.alertingQueries(db)) {
    const s = await scopeOf(db, row, now);
    const { answer, read } = await answerOverAll(db, s, row.query, opts.pageSize ?? PAGE);
    const told = (await q.toldPhrases(db, row.id)).flatMap((t) => t.phrases);
    const fresh = answer.Narratives.filter((n) => alerts(n, row.alert_min_posts!, row.alert_growth) && !n.Label.some((l) => told.includes(l.Phrase)));
    if (fresh.length === 0) continue;
    const run = await db.transaction().execute(async (tx) => {
      let narratives = 0;
      let mails = 0;
      for (const n of fresh) {
        const phrases = n.Label.map((l) => l.Phrase);
        const key = [...phrases].sort().join(' | ');
        if (!(await q.claimNarrative(tx, row.id, key, phrases, n.Posts))) continue;
        narratives++;
        const recipients = (await q.recipientsOf(tx, [row.id])).filter((r) => r.is_active);
        const link = `${opts.publicUrl}/client/${row.client_id}/project/${row.project_id}`;
        const subject = `New narrative in ${row.description}: ${phrases.join(', ')}`;
        const quoted = n.Representative.map((p) => `- "${p.Body.slice(0, 200)}"`).join('\n');
        const text =
          `Saved query "${row.name}" found a new narrative, ${n.State}: ${phrases.join(', ')}.\n\n` +
          `${n.Posts} posts (${Math.round(n.Share * 100)}% of the query's), first seen ${n.FirstSeen.slice(0, 10)}; ` +
          `sentiment ${n.Sentiment.Positive} positive, ${n.Sentiment.Neutral} neutral, ${n.Sentiment.Negative} negative.\n\n${quoted}\n\n` +
          `Open Narrative Analysis in the project's menu: ${link}\n`;
        mails += await notifyRecipients(
          tx,
          recipients.map((r) => ({ userId: r.user_id, mail: { to: r.email, subject, text, idempotencyKey: `narrative:${row.id}:${key}:${r.contact_id}` } })),
          { description: subject, typeId: NOTIFICATION_TYPES.ReactionListAlert, projectId: row.project_id, link },
          { smtp: opts.smtp, bell: 'mailed' },
        );
      }
      return { queryId: row.id, posts: read, narratives, mails };
    });
    if (run.narratives) out.push(run);
  }
  return out;
}
