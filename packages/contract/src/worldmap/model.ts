// World map: where a project's posts come from, resolved by the engine at ingestion from the
// post's own location and its author's profile location (an offline gazetteer), per country
// and per place.
import { z } from 'zod';
import { AnalyticQuery, Compared } from '../common.ts';

/** ISO 3166-1 alpha-2, as the clip tray's country filter and the answers name a country. */
export const zCountryCode = z
  .string({ error: 'countryCode must be a two-letter country code (ZA)' })
  .regex(/^[A-Za-z]{2}$/, 'countryCode must be a two-letter country code (ZA)')
  .transform((s) => s.toUpperCase());

export const WorldMapCountry = z.object({
  /** ISO 3166-1 alpha-2 (ZA). */
  CountryCode: z.string(),
  /** ISO 3166-1 numeric (710): the id of the country's shape in the world map. */
  IsoNumeric: z.string(),
  Name: z.string(),
  Count: z.number(),
  /** Posts from the country in the previous period of equal length. */
  Previous: z.number(),
});
export type WorldMapCountry = z.infer<typeof WorldMapCountry>;

export const WorldMapCountries = z.object({
  /** Posts whose place is known, against the previous period. */
  Located: Compared,
  /** Posts whose place is not known, against the previous period. */
  Unlocated: Compared,
  Countries: z.array(WorldMapCountry),
});
export type WorldMapCountries = z.infer<typeof WorldMapCountries>;

/** Most places one cluster answer holds (the busiest first). */
export const WORLD_MAP_CLUSTER_MAX = 300;

export const WorldMapClusterQuery = AnalyticQuery.safeExtend({ countryCode: zCountryCode.optional() });

export const WorldMapPlace = z.object({
  Place: z.string(),
  CountryCode: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  Count: z.number(),
});
export type WorldMapPlace = z.infer<typeof WorldMapPlace>;
export const WorldMapCluster = z.array(WorldMapPlace);
export type WorldMapCluster = z.infer<typeof WorldMapCluster>;
