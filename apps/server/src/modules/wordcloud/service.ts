// The word cloud: top words, hashtags, handles or named entities of the range, without
// the project's excluded phrases, with its tracked (included) phrases counted in and marked. 'No Content' is
// the web's text for an empty answer.
import { WORDCLOUD_MAX_ENTRIES, type AnalyticQuery, type CloudFilter } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { projectForUser, projectForWrite } from '../../access/index.ts';
import { resolveScope } from '../../analytics/scope.ts';
import * as q from './queries.ts';

const PREFIX: Partial<Record<CloudFilter, string>> = { hashtags: '#', handles: '@' };

/** The displayed form: hashtags with '#', handles with '@', whatever the pipeline stored. */
export function displayTerm(value: string, filter: CloudFilter): string {
  const p = PREFIX[filter];
  return p && !value.startsWith(p) ? `${p}${value}` : value;
}

/** Excluding 'acme' removes acme, #acme and @acme; excluding '#acme' removes only the hashtag. */
function excluded(exclusions: Set<string>, shown: string): boolean {
  const v = shown.toLowerCase();
  return exclusions.has(v) || exclusions.has(v.replace(/^[#@]/, ''));
}

export async function wordCloud(db: Db, user: AuthUser, query: AnalyticQuery & { cloudFilter: CloudFilter; clipIds?: number[] }) {
  const s = await resolveScope(db, user, query);
  const phrases = await q.phrases(db, s.project.id);
  const exclusions = new Set(phrases.filter((p) => p.kind === 'exclude').map((p) => p.phrase));
  const includes = phrases.filter((p) => p.kind === 'include').map((p) => p.phrase);
  const counts = new Map<string, number>();
  for (const r of await q.termCounts(db, s, query.cloudFilter, WORDCLOUD_MAX_ENTRIES + exclusions.size, query.clipIds)) {
    const shown = displayTerm(r.value, query.cloudFilter);
    if (!excluded(exclusions, shown)) counts.set(shown, (counts.get(shown) ?? 0) + Number(r.count));
  }
  const tracked = new Map<string, number>();
  if (query.cloudFilter === 'words' && includes.length)
    for (const r of await q.phraseCounts(db, s, includes, query.clipIds)) if (!excluded(exclusions, r.value)) tracked.set(r.value, Number(r.count));
  return withIncluded(counts, tracked);
}

type CloudEntry = { Value: string; Count: number; Included?: true };
const byCount = (a: CloudEntry, b: CloudEntry) => b.Count - a.Count || a.Value.localeCompare(b.Value);

/**
 * The cloud's entries, most frequent first, at most WORDCLOUD_MAX_ENTRIES: the included phrases
 * found in the posts first (each marked Included, however rare: including a phrase must show it),
 * then the other terms as room is left.
 */
export function withIncluded(counts: Map<string, number>, tracked: Map<string, number>): CloudEntry[] {
  const included = [...tracked].filter(([, n]) => n > 0).map(([Value, Count]): CloudEntry => ({ Value, Count, Included: true }));
  const others = [...counts]
    .filter(([v, n]) => n > 0 && !tracked.has(v))
    .map(([Value, Count]): CloudEntry => ({ Value, Count }))
    .sort(byCount)
    .slice(0, Math.max(0, WORDCLOUD_MAX_ENTRIES - included.length));
  return [...included.slice(0, WORDCLOUD_MAX_ENTRIES), ...others].sort(byCount);
}

const PREFIX_FILTER: Record<string, CloudFilter> = { '#': 'hashtags', '@': 'handles', '': 'words' };
export const byClipsFilter = (prefix: string): CloudFilter => PREFIX_FILTER[prefix] ?? 'words';

const toPhrase = (r: { id: number; phrase: string; kind: 'include' | 'exclude' }) => ({ Id: r.id, Phrase: r.phrase, Kind: r.kind });

/** Both lists, included and excluded, by phrase. */
export async function phrases(db: Db, user: AuthUser, projectId: number) {
  const project = await projectForUser(db, user, projectId);
  return (await q.phrases(db, project.id)).map(toPhrase);
}

export async function removePhrase(db: Db, user: AuthUser, projectId: number, phrase: string) {
  const project = await projectForWrite(db, user, projectId);
  return { Removed: await q.removePhrase(db, project.id, phrase) };
}

export async function exclusions(db: Db, user: AuthUser, projectId: number) {
  const project = await projectForUser(db, user, projectId);
  return (await q.phrases(db, project.id, 'exclude')).map(toPhrase);
}

export async function setPhrase(db: Db, user: AuthUser, projectId: number, phrase: string, kind: 'include' | 'exclude') {
  const project = await projectForWrite(db, user, projectId);
  return toPhrase(await q.setPhrase(db, project.id, phrase, kind));
}
