// The world map: where a project's posts come from, per country (the choropleth, with the
// previous period) and per place (the clusters). Places were resolved at ingestion
// (nlp/places.ts); posts whose place is unknown are counted as unlocated, never guessed.
import { WORLD_MAP_CLUSTER_MAX, type AnalyticQuery, type WorldMapCluster, type WorldMapCountries, type WorldMapClusterQuery } from '@listening/contract';
import type { z } from 'zod';
import { previousScope, resolveScope } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { countryName, isoNumeric } from '../../nlp/places.ts';
import * as q from './queries.ts';

export async function countries(db: Db, user: AuthUser, query: AnalyticQuery): Promise<WorldMapCountries> {
  const s = await resolveScope(db, user, query);
  const prev = previousScope(s);
  const [now, before, total, totalBefore] = await Promise.all([q.countries(db, s), q.countries(db, prev), q.postCount(db, s), q.postCount(db, prev)]);
  const previous = new Map(before.map((r) => [r.code, r.count]));
  const sum = (rows: { count: number }[]) => rows.reduce((a, r) => a + r.count, 0);
  return {
    Located: { Value: sum(now), Previous: sum(before) },
    Unlocated: { Value: Math.max(0, total - sum(now)), Previous: Math.max(0, totalBefore - sum(before)) },
    Countries: now
      .map((r) => ({ CountryCode: r.code, IsoNumeric: isoNumeric(r.code), Name: countryName(r.code), Count: r.count, Previous: previous.get(r.code) ?? 0 }))
      .sort((a, b) => b.Count - a.Count || a.Name.localeCompare(b.Name)),
  };
}

export async function cluster(db: Db, user: AuthUser, query: z.output<typeof WorldMapClusterQuery>): Promise<WorldMapCluster> {
  const s = await resolveScope(db, user, query);
  return (await q.places(db, s, WORLD_MAP_CLUSTER_MAX, query.countryCode)).map((r) => ({
    Place: r.place,
    CountryCode: r.code,
    Latitude: r.latitude,
    Longitude: r.longitude,
    Count: r.count,
  }));
}
