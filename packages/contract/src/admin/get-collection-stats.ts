import { z } from 'zod';
import { defineOperation } from '../operation.ts';

const NETWORKS: Record<string, string> = {
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  blog: 'Blogs',
};

/** The network a connector kind reads, in the product's words ('facebook.comments' → 'Facebook'). */
export const connectorNetwork = (connector: string): string => NETWORKS[connector.split('.')[0]] ?? connector;

/**
 * Runs in a row of one connector instance that ended stopped, failed or gave up, at which every
 * admin is notified once (again only after a clean run) and the Collection page shows the streak.
 */
export const STOP_STREAK_THRESHOLD = 3;

/** What one connector kind collected for one project (or for every project: shared public sources). */
export const CollectionRow = z.object({
  /** null: a source read for every project (a blog feed), matched against every project's rules. */
  ProjectId: z.number().nullable(),
  ProjectName: z.string().nullable(),
  ClientName: z.string().nullable(),
  /** The connector kind, e.g. facebook.page, facebook.comments, instagram.hashtag, youtube.search. */
  Connector: z.string(),
  /** The network in the product's words: X, Facebook, Instagram, YouTube, LinkedIn, TikTok, Blogs. */
  Network: z.string(),
  /** Instances of the kind (one per page, post, hashtag, query or feed). */
  Instances: z.number(),
  Runs: z.number(),
  /** Items handed to storage. */
  Collected: z.number(),
  /** Items and pages left out, by reason (missing_author, not_public, rate_limited, …). */
  Skipped: z.record(z.string(), z.number()),
  LastRun: z.string().nullable(),
  /** How the latest run ended: done, page_limit, stopped, retries_exhausted, aborted or failed. */
  LastEnded: z.string().nullable(),
  /** The latest error (reason, and what to do when the network says), and when it happened. */
  LastError: z.string().nullable(),
  LastErrorAt: z.string().nullable(),
  /**
   * The most runs in a row that one of the kind's instances ended stopped, failed or gave up
   * (0: none is stopping now; a clean run sets an instance's count back to 0). From
   * STOP_STREAK_THRESHOLD admins were notified.
   */
  StoppedRuns: z.number(),
  /** That instance's latest error (the reason and the network's words); null when StoppedRuns is 0. */
  StoppedError: z.string().nullable(),
});
export type CollectionRow = z.infer<typeof CollectionRow>;

/** A connector kind whose skip rate is over the threshold: the reasons admins were notified of. */
export const CollectionAlert = z.object({ Connector: z.string(), Network: z.string(), Reasons: z.array(z.string()) });

export const CollectionStats = z.object({ Rows: z.array(CollectionRow), Alerts: z.array(CollectionAlert) });

/** Per project and connector kind: collected, skipped by reason, last run, last error (admins only). */
export const getCollectionStats = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/admin/collection',
  summary: 'What the connectors collected, per project and connector kind',
  tags: ['admin'],
  access: 'admin',
  response: CollectionStats,
});
