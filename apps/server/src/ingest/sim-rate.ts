// How many posts the demo corpus and the live simulator make for a project, and when: one model
// for both, so the minutes the simulator adds look like the days the corpus made before them.
// A project's posts follow its client's day (HOUR_WEIGHTS over the hour in the client's time
// zone: quiet at night, busiest in the evening), its share of the demo's volume (more networks,
// more posts), a little noise from hour to hour and, now and then, a burst: one hour at a few
// times the usual rate (a campaign goes live, a service goes down), about once in three weeks per
// project, so a few times a week across the demo tenant's projects.
import { HOUR_WEIGHTS } from './sim-vocab.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Chance that a given hour of a given project bursts. */
export const BURST_CHANCE = 1 / (21 * 24);
/** A burst hour runs at this many times the usual rate, at least and at most. */
export const BURST_RANGE: readonly [number, number] = [2.5, 4];
/** Hour-to-hour noise: the rate of an hour is the profile's times 1 ± this. */
export const NOISE = 0.15;
/**
 * Posts a day per unit of project weight when nothing stored says otherwise: the default demo
 * corpus (200,000 posts over 90 days) spread over the demo tenant's ten live projects (weights sum to ~8).
 */
export const DEFAULT_POSTS_PER_DAY = 200_000 / 90 / 8;

export interface RateProject {
  id: number;
  streamIds: number[];
  /** The client's IANA time zone (clients.time_zone): the day the project's posts follow. */
  timeZone: string;
}

/** A uniform number in [0, 1) from integers: the same inputs, the same number (no state). */
export function hashUnit(...xs: number[]): number {
  let h = 0x811c9dc5;
  for (const x of xs) {
    h = Math.imul(h ^ (x >>> 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4294967296;
}

/** A project's share of the volume (about 0.3 to 1.25): networks watched, and a fixed per-project factor. */
export function projectWeight(p: RateProject): number {
  return (0.4 + (0.6 * Math.min(p.streamIds.length, 5)) / 5) * (0.75 + 0.5 * hashUnit(p.id, 0x3e1));
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The hour of the day (0–23) at instant t in the zone; UTC for a zone this runtime does not know. */
export function localHour(t: number, timeZone: string): number {
  let f = hourFormats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    } catch {
      f = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: 'numeric', hourCycle: 'h23' });
    }
    hourFormats.set(timeZone, f);
  }
  return Number(f.format(t)) % 24;
}

const HOUR_MEAN = HOUR_WEIGHTS.reduce((s, w) => s + w, 0) / 24;
/** The client's daily rhythm at instant t: the hour's weight over the day's mean (mean 1 over a day). */
export function hourShape(t: number, timeZone: string): number {
  return HOUR_WEIGHTS[localHour(t, timeZone)] / HOUR_MEAN;
}

/** How many times the usual rate the project runs in this hour (hours since the epoch): 1, or a burst. */
export function burstFactor(seed: number, projectId: number, hour: number): number {
  if (hashUnit(seed, projectId, hour, 0xb0) >= BURST_CHANCE) return 1;
  return BURST_RANGE[0] + (BURST_RANGE[1] - BURST_RANGE[0]) * hashUnit(seed, projectId, hour, 0xb1);
}

/**
 * Expected posts of the project in one hour (hours since the epoch, UTC), for `perDay` posts a
 * day per unit of weight. Deterministic for a seed: the corpus and the simulator call it alike.
 */
export function postsInHour(p: RateProject, hour: number, perDay: number, seed: number): number {
  const noise = 1 - NOISE + 2 * NOISE * hashUnit(seed, p.id, hour, 0x40);
  return (perDay / 24) * projectWeight(p) * hourShape(hour * HOUR_MS, p.timeZone) * noise * burstFactor(seed, p.id, hour);
}

/** A Poisson-distributed count with mean `mean` (Knuth's method; a normal approximation above 30). */
export function poisson(mean: number, rnd: () => number): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    const g = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * g));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  for (let prod = rnd(); prod > limit; prod *= rnd()) k++;
  return k;
}
