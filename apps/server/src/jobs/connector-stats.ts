// What each connector instance collected (connector_stats: the admin screen "Collection" reads it,
// and the schedule reads when each instance last ran), and the skip-rate watch: a network that
// renames or drops a field makes its items fail the checks every item passes (missing_author,
// bad_date…); when such skips pass SKIP_RATE_THRESHOLD of the items a kind saw since its window
// opened, every admin gets one notification naming the network and the field, instead of a quiet
// drop in counts. Told once: again only after the reason has recovered. And the stop watch: an
// instance whose runs end stopped, failed or given up STOP_STREAK_THRESHOLD times in a row (a
// refused request, a deleted post's 404, a spent quota…) gets every admin one notification naming
// the network, the connector and what the network said; again only after a clean run.
import { connectorNetwork, NOTIFICATION_BEHAVIOUR, STOP_STREAK_THRESHOLD } from '@listening/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ConnectorReport } from '../ingest/connectors/index.ts';
import { ringBell } from '../mail/notify.ts';

/** Share of a window's items skipped for one reason above which admins are told. */
export const SKIP_RATE_THRESHOLD = 0.2;
/** Items (stored plus skipped) a window needs before its rate means anything. */
export const SKIP_RATE_MIN_SAMPLE = 20;

/** Reasons that say an item did not have the shape the connector expects (docs/connectors.md). */
const SHAPE_REASONS = new Set(['missing_id', 'empty_body', 'bad_date', 'missing_author', 'malformed_item', 'malformed_page']);

const X = { missing_id: 'id', empty_body: 'text', bad_date: 'created_at', missing_author: 'author_id', malformed_page: 'data' };
const FB = { missing_id: 'id', empty_body: 'message', bad_date: 'created_time', missing_author: 'from', malformed_page: 'data' };
const IG_MEDIA = { missing_id: 'id', empty_body: 'caption', bad_date: 'timestamp', malformed_page: 'data' };
const YT_VIDEO = { empty_body: 'snippet.title', bad_date: 'snippet.publishedAt', missing_author: 'snippet.channelId', malformed_page: 'items' };
const YT_COMMENT = { empty_body: 'snippet.textOriginal', bad_date: 'snippet.publishedAt', missing_author: 'snippet.authorChannelId', malformed_page: 'items' };

/** The field of each network's answer a shape reason points at, per connector kind. */
export const SKIP_FIELDS: Record<string, Record<string, string>> = {
  'x.search': X,
  'x.timeline': X,
  'facebook.page': FB,
  'facebook.comments': FB,
  'instagram.media': IG_MEDIA,
  'instagram.hashtag': IG_MEDIA,
  'instagram.comments': { missing_id: 'id', empty_body: 'text', bad_date: 'timestamp', missing_author: 'username', malformed_page: 'data' },
  'youtube.search': { missing_id: 'id.videoId', ...YT_VIDEO },
  'youtube.channel': { missing_id: 'contentDetails.videoId', ...YT_VIDEO },
  'youtube.comments': { missing_id: 'snippet.topLevelComment.id', ...YT_COMMENT },
  'youtube.replies': { missing_id: 'id', ...YT_COMMENT },
  'linkedin.posts': { missing_id: 'id', empty_body: 'commentary', bad_date: 'publishedAt', missing_author: 'author', malformed_page: 'elements' },
  'linkedin.comments': { missing_id: 'commentUrn', empty_body: 'message.text', bad_date: 'created.time', missing_author: 'actor', malformed_page: 'elements' },
  'tiktok.videos': { missing_id: 'id', empty_body: 'video_description', bad_date: 'create_time', malformed_page: 'data.videos' },
  'tiktok.comments': { missing_id: 'id', empty_body: 'text', bad_date: 'create_time', malformed_page: 'data.comments' },
  'tiktok.replies': { missing_id: 'id', empty_body: 'text', bad_date: 'create_time', malformed_page: 'data.comments' },
  'blog.feed': { missing_id: 'guid (RSS) / id (Atom)', empty_body: 'description / content', bad_date: 'pubDate / published', malformed_page: 'rss / feed' },
};

export const skipField = (connector: string, reason: string): string => SKIP_FIELDS[connector]?.[reason] ?? 'the item';

/** One connector's run, with the project it collects for (null: a source shared by every project). */
export interface RunRecord {
  report: ConnectorReport;
  projectId: number | null;
}

const ERROR_ENDS = new Set(['stopped', 'retries_exhausted', 'failed']);
/** Runs that read what there was to read: they end a streak of stops. (An aborted run, a shutdown, neither adds to one nor ends it.) */
const CLEAN_ENDS = new Set(['done', 'page_limit']);

/**
 * Runs in a row of one instance that ended stopped, failed or gave up, at which every admin is told
 * (once; again only after a clean run). One stop is often passing (a quota spent for the day, a
 * network down for a moment); three in a row are a connector that no longer collects. Shared with
 * the Collection page (the contract's getCollectionStats).
 */
export { STOP_STREAK_THRESHOLD };

/**
 * Adds a run to its instance's row: runs, collected, skipped by reason, last run, last error, and
 * the runs in a row that ended in an error (`stopped_runs`, set back to 0 by a clean run); when
 * that count reaches STOP_STREAK_THRESHOLD every admin is notified once (watchStops).
 */
export async function recordRuns(db: Db, runs: RunRecord[], at = new Date()): Promise<void> {
  for (const { report: r, projectId } of runs) {
    const error = ERROR_ENDS.has(r.ended) ? [r.reason ?? r.ended, r.detail].filter(Boolean).join(': ') : null;
    const clean = CLEAN_ENDS.has(r.ended);
    const row = await sql<{ stopped_runs: number; stopped_alerted: boolean; last_error: string | null }>`
      insert into connector_stats as s (connector, key, project_id, runs, collected, skipped, last_run_at, last_ended, last_error, last_error_at, stopped_runs)
      values (${r.connector}, ${r.key}, ${projectId}, 1, ${r.posts}, ${JSON.stringify(r.skipped)}::jsonb, ${at}, ${r.ended}, ${error}, ${error ? at : null}, ${error ? 1 : 0})
      on conflict (connector, key) do update set
        stopped_runs = case when ${error !== null} then s.stopped_runs + 1 when ${clean} then 0 else s.stopped_runs end,
        stopped_alerted = s.stopped_alerted and not ${clean},
        project_id = excluded.project_id,
        runs = s.runs + 1,
        collected = s.collected + excluded.collected,
        skipped = (
          select coalesce(jsonb_object_agg(k, n), '{}'::jsonb)
          from (select k, sum(v::bigint) as n from (
            select key as k, value as v from jsonb_each_text(s.skipped)
            union all select key, value from jsonb_each_text(excluded.skipped)) e group by k) t),
        last_run_at = excluded.last_run_at,
        last_ended = excluded.last_ended,
        last_error = coalesce(excluded.last_error, s.last_error),
        last_error_at = coalesce(excluded.last_error_at, s.last_error_at)
      returning stopped_runs, stopped_alerted, last_error`.execute(db);
    const streak = row.rows[0];
    if (streak && error && streak.stopped_runs >= STOP_STREAK_THRESHOLD && !streak.stopped_alerted) await watchStops(db, r, streak.stopped_runs, error);
  }
}

/**
 * Tells every admin that an instance stopped on STOP_STREAK_THRESHOLD runs in a row, naming the
 * network, the connector and what the network said; marked told first, so that of two processes
 * recording at once only one notifies.
 */
async function watchStops(db: Db, r: ConnectorReport, runs: number, error: string): Promise<void> {
  const marked = await db
    .updateTable('connector_stats')
    .set({ stopped_alerted: true })
    .where('connector', '=', r.connector)
    .where('key', '=', r.key)
    .where('stopped_alerted', '=', false)
    .returning('key')
    .executeTakeFirst();
  if (marked) await notifyAdmins(db, stopMessage(r.connector, r.key, runs, error));
}

/** e.g. "Facebook collection has stopped on 3 runs in a row: facebook.page project:3:100. Facebook said: graph_error_100: (#100) …" */
export function stopMessage(connector: string, key: string, runs: number, error: string): string {
  const network = connectorNetwork(connector);
  return `${network} collection has stopped on ${runs} runs in a row: ${connector} ${key}. ${network} said: ${error}. See Admin › Collection.`;
}

/** When each instance ("connector key") last ran. */
export async function lastRuns(db: Db): Promise<Map<string, Date>> {
  const rows = await db.selectFrom('connector_stats').select(['connector', 'key', 'last_run_at']).where('last_run_at', 'is not', null).execute();
  return new Map(rows.map((r) => [`${r.connector} ${r.key}`, r.last_run_at!]));
}

export interface SkipAlert {
  connector: string;
  network: string;
  /** Reason → its share of the window's items. */
  reasons: Record<string, number>;
  sample: number;
}

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

/**
 * Adds a run's counts to each kind's window; a window with at least SKIP_RATE_MIN_SAMPLE items
 * is judged and starts again. Reasons over the threshold that were not already reported are
 * returned (and notified to every admin); reasons back under it are forgotten.
 */
export async function watchSkipRates(db: Db, reports: ConnectorReport[]): Promise<SkipAlert[]> {
  const byKind = new Map<string, { collected: number; skipped: Record<string, number> }>();
  for (const r of reports) {
    const k = byKind.get(r.connector) ?? { collected: 0, skipped: {} };
    k.collected += r.posts;
    for (const [reason, n] of Object.entries(r.skipped)) k.skipped[reason] = (k.skipped[reason] ?? 0) + n;
    byKind.set(r.connector, k);
  }
  const alerts: SkipAlert[] = [];
  for (const [connector, run] of byKind) {
    if (run.collected === 0 && sum(run.skipped) === 0) continue;
    const row = await db.selectFrom('connector_skip_windows').selectAll().where('connector', '=', connector).executeTakeFirst();
    const collected = Number(row?.collected ?? 0) + run.collected;
    const skipped = { ...((row?.skipped as Record<string, number> | undefined) ?? {}) };
    for (const [reason, n] of Object.entries(run.skipped)) skipped[reason] = (skipped[reason] ?? 0) + n;
    const sample = collected + sum(skipped);
    let alerting = row?.alerting ?? [];
    if (sample < SKIP_RATE_MIN_SAMPLE) {
      await saveWindow(db, connector, collected, skipped, alerting, false);
      continue;
    }
    const over: Record<string, number> = {};
    for (const [reason, n] of Object.entries(skipped)) if (SHAPE_REASONS.has(reason) && n / sample > SKIP_RATE_THRESHOLD) over[reason] = n / sample;
    const fresh = Object.keys(over).filter((r) => !alerting.includes(r));
    alerting = Object.keys(over);
    if (fresh.length) {
      const alert = { connector, network: connectorNetwork(connector), reasons: Object.fromEntries(fresh.map((r) => [r, over[r]])), sample };
      alerts.push(alert);
      await notifyAdmins(db, skipMessage(alert));
    }
    await saveWindow(db, connector, 0, {}, alerting, true);
  }
  return alerts;
}

async function saveWindow(db: Db, connector: string, collected: number, skipped: Record<string, number>, alerting: string[], restart: boolean) {
  await db
    .insertInto('connector_skip_windows')
    .values({ connector, collected, skipped: JSON.stringify(skipped), alerting })
    .onConflict((oc) =>
      oc.column('connector').doUpdateSet({
        collected,
        skipped: JSON.stringify(skipped),
        alerting,
        ...(restart ? { started_at: new Date() } : {}),
      }),
    )
    .execute();
}

/** e.g. "Facebook answers have changed: 45% of facebook.page items skipped (field "from" missing or unreadable: missing_author) …" */
export function skipMessage(a: SkipAlert): string {
  const parts = Object.entries(a.reasons).map(
    ([reason, share]) => `${Math.round(share * 100)}% without a usable "${skipField(a.connector, reason)}" (${reason})`,
  );
  return `${a.network} answers have changed: of the last ${a.sample} ${a.connector} items, ${parts.join(', ')}. The network may have renamed or dropped the field; see Admin › Collection.`;
}

/** One notification to every admin (the bell, notification type 2: mark seen). */
export async function notifyAdmins(db: Db, description: string): Promise<void> {
  const admins = await db.selectFrom('users').select('id').where('is_admin', '=', true).execute();
  await ringBell(
    db,
    admins.map((a) => a.id),
    { description, typeId: NOTIFICATION_BEHAVIOUR.MarkSeen, projectId: null, link: '/admin/collection' },
  );
}
