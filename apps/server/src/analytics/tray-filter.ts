// The clip tray's filter, once: from the contract's query (the scope plus the listing's filters:
// an hour, an hour of the day, a rating, a brand association, authors, a word, a country, named
// posts, rejected or not) to the rows it selects. The tray's listing, its count, 'select all', the
// export and "Teach sentiment" all read their posts through trayRows, so the posts Teach asks
// about are always posts the tray lists with the same filter (docs/sentiment.md).
import { BRAND_ASSOCIATION } from '@listening/contract';
import type * as C from '@listening/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/connection.ts';
import type { DB } from '../db/tables.generated.ts';
import { notFound } from '../errors.ts';
import { localHour } from './buckets.ts';
import { clipRows } from './clip-rows.ts';
import { assertRatingFilterOpen, clipsInScope, fromWall, type Scope } from './scope.ts';

/** Chatter is brand association 3, or 0 in older rows: a Chatter filter takes both. */
const CHATTER_IDS = [0, BRAND_ASSOCIATION.Chatter];

/** How a word of the tray's filter is matched (wordMatch decides, from the project's included phrases). */
export type WordMatch =
  /** An included phrase: the post's text holds it (any case), as the word cloud counts it. */
  | { kind: 'phrase'; text: string }
  /** A word-cloud entry: one of the post's terms, hashtags, handles or named entities. */
  | { kind: 'term'; terms: string[]; hashtags: string[]; handles: string[]; entities: string[]; urls?: string[] };

export interface ListingFilters {
  /** Posts of one hour: [from, from + 1 h), an instant. */
  hourFrom?: Date;
  /** Hour of the day, client time. */
  hour?: number;
  favourabilityId?: number;
  brandAssociationId?: number;
  authorId?: number;
  /** Posts of any of these author accounts (a top author on several networks). */
  authorIds?: number[];
  word?: WordMatch;
  /** Posts from one country (the world map's), ISO 3166-1 alpha-2. */
  countryCode?: string;
  /** Only these bin_clips rows (a top post; the tray's ticked posts, exported). */
  ids?: number[];
  /** The scope's rejected clips instead of its counted ones. */
  rejected?: boolean;
  /** Only rows up to this bin_clips id (the listing's snapshot). */
  snapshotId?: number;
  /** Only rows after this bin_clips id (posts that arrived after a snapshot). */
  newerThan?: number;
}

/** The listing's filters as the contract parses them (the export's query; the tray's and Teach's add `rejected`). */
export type ListingQuery = z.output<typeof C.ListingExportQuery> & { rejected?: boolean };

const enrichmentHas = (w: Extract<WordMatch, { kind: 'term' }>) => (eb: ExpressionBuilder<DB, 'bin_clips'>) =>
  eb.exists(
    eb
      .selectFrom('clip_enrichment as e')
      .select(sql.lit(1).as('one'))
      .whereRef('e.clip_id', '=', 'bin_clips.clip_id')
      .where(
        sql<boolean>`(e.terms && ${sql.val(w.terms)}::text[] or e.hashtags && ${sql.val(w.hashtags)}::text[] or e.handles && ${sql.val(w.handles)}::text[]
          or e.people && ${sql.val(w.entities)}::text[] or e.organisations && ${sql.val(w.entities)}::text[] or e.places && ${sql.val(w.entities)}::text[]
          or e.urls && ${sql.val(w.urls ?? [])}::text[])`,
      ),
  );

/** The rows of a scope the tray's filter selects, with the clip-row columns (analytics/clip-rows.ts). */
export function trayRows(db: Db, s: Scope, f: ListingFilters) {
  const word = f.word;
  return clipRows(db)
    .$call(clipsInScope(s, { rejected: f.rejected }))
    .$if(f.hourFrom !== undefined, (qb) =>
      qb.where('bin_clips.posted_at', '>=', f.hourFrom!).where('bin_clips.posted_at', '<', new Date(f.hourFrom!.getTime() + 3_600_000)),
    )
    .$if(f.hour !== undefined, (qb) => qb.where(localHour(s, 'bin_clips.posted_at'), '=', f.hour!))
    .$if(f.favourabilityId !== undefined, (qb) => qb.where('bin_clips.favourability_id', '=', f.favourabilityId!))
    .$if(f.brandAssociationId !== undefined, (qb) =>
      qb.where('bin_clips.brand_association_id', 'in', CHATTER_IDS.includes(f.brandAssociationId!) ? CHATTER_IDS : [f.brandAssociationId!]),
    )
    .$if(f.authorId !== undefined, (qb) => qb.where('bin_clips.author_id', '=', f.authorId!))
    .$if(f.authorIds !== undefined, (qb) => qb.where('bin_clips.author_id', 'in', f.authorIds!))
    .$if(word?.kind === 'phrase', (qb) => qb.where(sql<boolean>`strpos(lower(clips.body), ${(word as { text: string }).text}) > 0`))
    .$if(word?.kind === 'term', (qb) => qb.where(enrichmentHas(word as Extract<WordMatch, { kind: 'term' }>)))
    .$if(f.countryCode !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('clip_locations as l')
            .select(sql.lit(1).as('one'))
            .whereRef('l.clip_id', '=', 'bin_clips.clip_id')
            .where('l.country_code', '=', f.countryCode!),
        ),
      ),
    )
    .$if(f.ids !== undefined, (qb) => qb.where('bin_clips.id', 'in', f.ids!))
    .$if(f.snapshotId !== undefined, (qb) => qb.where('bin_clips.id', '<=', f.snapshotId!))
    .$if(f.newerThan !== undefined, (qb) => qb.where('bin_clips.id', '>', f.newerThan!));
}

/** Whether the project tracks the phrase (the word cloud's 'Include'): the tray then matches it in the text. */
async function isIncludedPhrase(db: Db, projectId: number, phrase: string): Promise<boolean> {
  const row = await db
    .selectFrom('wordcloud_phrases')
    .select('id')
    .where('project_id', '=', projectId)
    .where('kind', '=', 'include')
    .where('phrase', '=', phrase)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these bin_clips ids are rows of the project (of any of its bins). */
async function projectRowIds(db: Db, projectId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('bin_clips').select('id').where('id', 'in', ids).where('project_id', '=', projectId).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * How the tray's word is matched, mirroring the word cloud: an included phrase is found in the
 * text (any case); '#x' is a hashtag, '@x' a handle (stored with or without the sign); any other
 * word is a term (lower case) or a named entity (as shown).
 */
export async function wordMatch(db: Db, projectId: number, word: string): Promise<WordMatch> {
  const lower = word.toLowerCase();
  if (await isIncludedPhrase(db, projectId, lower)) return { kind: 'phrase', text: lower };
  const bare = lower.replace(/^[#@]/, '');
  const none: string[] = [];
  if (lower.startsWith('#')) return { kind: 'term', terms: none, hashtags: [lower, bare], handles: none, entities: none };
  if (lower.startsWith('@')) return { kind: 'term', terms: none, hashtags: none, handles: [lower, bare], entities: none };
  // A link (deep dive's url rail) is matched as stored.
  if (/^https?:\/\//.test(lower)) return { kind: 'term', terms: none, hashtags: none, handles: none, entities: none, urls: [word] };
  return { kind: 'term', terms: [lower], hashtags: none, handles: none, entities: [word] };
}

/**
 * The tray's filter from the contract's query. Named posts (binClipBaseIds) must all be rows of
 * the scope's project: another project's id answers 404, so nothing of it is listed, counted,
 * changed, exported or offered to rate. A rating filter needs the Sentiment product (403 otherwise).
 */
export async function trayFilters(db: Db, s: Scope, query: ListingQuery): Promise<ListingFilters> {
  await assertRatingFilterOpen(db, s, query.favourabilityId);
  if (query.binClipBaseIds) {
    const found = await projectRowIds(db, s.project.id, query.binClipBaseIds);
    const missing = query.binClipBaseIds.filter((id) => !found.has(id));
    if (missing.length) throw notFound(`Clips not found in project ${s.project.id}: ${missing.join(', ')}`);
  }
  return {
    hourFrom: query.hourStart ? fromWall(query.hourStart, s.timeZone) : undefined,
    hour: query.hour,
    favourabilityId: query.favourabilityId,
    brandAssociationId: query.brandAssociationId,
    authorId: query.authorId,
    authorIds: query.authorIds,
    word: query.word === undefined ? undefined : await wordMatch(db, s.project.id, query.word),
    countryCode: query.countryCode,
    ids: query.binClipBaseIds,
    rejected: query.rejected,
  };
}
