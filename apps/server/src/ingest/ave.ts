// AVE (advertising value equivalent, in rand) and impact score, computed once per clip at
// storage. Formulas are documented in docs/ingestion.md; change both together.

/** Rand per thousand impressions, per stream; a client overrides any of them in clients.cpm. */
export const DEFAULT_CPM: Record<number, number> = {
  7: 35, // X
  8: 45, // Facebook
  9: 55, // Instagram
  10: 60, // YouTube
  11: 120, // LinkedIn: professional audiences cost most to reach
  12: 40, // TikTok
  13: 25, // blogs
};

/** Share of an author's followers who see a post organically, per stream. */
export const ORGANIC_REACH: Record<number, number> = { 7: 0.1, 8: 0.06, 9: 0.12, 10: 0.15, 11: 0.08, 12: 0.2, 13: 0.05 };
/** Impressions implied by each interaction (people who see a post without interacting). */
export const IMPRESSIONS_PER_INTERACTION = 25;

export interface Engagement {
  streamId: number;
  followers: number;
  likes: number;
  comments: number;
  shares: number;
  views: number;
  impressions?: number | null;
}

export function interactions(e: Engagement): number {
  return e.likes + 2 * e.comments + 3 * e.shares;
}

/** The network's impressions when given; else the larger of views and followers' reach plus interactions' reach. */
export function estimateImpressions(e: Engagement): number {
  if (e.impressions && e.impressions > 0) return Math.round(e.impressions);
  const reach = e.followers * (ORGANIC_REACH[e.streamId] ?? 0.05);
  return Math.max(e.views, Math.round(reach + interactions(e) * IMPRESSIONS_PER_INTERACTION));
}

export function cpmFor(streamId: number, clientCpm?: Record<string, number> | null): number {
  const own = clientCpm?.[String(streamId)];
  return typeof own === 'number' && own >= 0 ? own : (DEFAULT_CPM[streamId] ?? 30);
}

/** AVE in rand, to the cent: impressions / 1000 × CPM. */
export function computeAve(impressions: number, cpm: number): number {
  return Math.round((impressions / 1000) * cpm * 100) / 100;
}

/** 0..10: how far a post travelled (log of impressions) and how much it moved people (log of interactions). */
export function impactScore(impressions: number, e: Engagement): number {
  const s = 1.2 * Math.log10(1 + impressions) + 1.5 * Math.log10(1 + interactions(e));
  return Math.round(Math.min(10, s) * 10) / 10;
}
