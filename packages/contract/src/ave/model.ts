// The Ave calc's screen: how AVE (advertising value equivalent, in rand) is computed, the client's
// CPM per stream, and a worked example from one of the project's own posts. The formula itself is
// the server's (apps/server/src/ingest/ave.ts, docs/ingestion.md "AVE and impact").
import { z } from 'zod';
import { zId } from '../common.ts';
import { INGEST_STREAM_IDS } from '../constants.ts';

/** Highest CPM (rand per thousand impressions) a client may set: far above any network's rate card. */
export const CPM_MAX = 10_000;

export const CpmRow = z.object({
  StreamId: z.number(),
  /** The rate in use: the client's own, or the default. */
  Cpm: z.number(),
  DefaultCpm: z.number(),
  /** True when the client set its own rate for this stream. */
  IsCustom: z.boolean(),
  /** Share of an author's followers who see a post without interacting (0.1 = 10%). */
  OrganicReach: z.number(),
  /** The project listens to this stream. */
  InProject: z.boolean(),
});
export type CpmRow = z.infer<typeof CpmRow>;

/** One post of the project worked through the formula. */
export const AveExample = z.object({
  ClipId: z.number(),
  StreamId: z.number(),
  AuthorName: z.string(),
  Body: z.string(),
  DatePosted: z.string(),
  Followers: z.number(),
  Likes: z.number(),
  Comments: z.number(),
  Shares: z.number(),
  Views: z.number(),
  /** Likes + 2 × comments + 3 × shares. */
  Interactions: z.number(),
  /** The estimated impressions stored with the post. */
  Impressions: z.number(),
  Cpm: z.number(),
  /** The AVE stored with the post, in rand. */
  AVE: z.number(),
});
export type AveExample = z.infer<typeof AveExample>;

export const AveSettings = z.object({
  ClientId: z.number(),
  ClientName: z.string(),
  Currency: z.string(),
  /** Impressions one interaction stands for. */
  ImpressionsPerInteraction: z.number(),
  Streams: z.array(CpmRow),
  /** The project's most recent post with an AVE, or null when it has none yet. */
  Example: AveExample.nullable(),
  /** Only administrators change a client's CPM. */
  CanEdit: z.boolean(),
});
export type AveSettings = z.infer<typeof AveSettings>;

const streamMessage = `streamId must be one of ${INGEST_STREAM_IDS.join(', ')}`;
export const CpmChange = z.object({
  streamId: z
    .number({ error: streamMessage })
    .int(streamMessage)
    .refine((n) => INGEST_STREAM_IDS.includes(n), streamMessage),
  /** Rand per thousand impressions, to the cent; null goes back to the default. */
  cpm: z
    .number({ error: 'The CPM must be a number of rand' })
    .min(0, 'The CPM must be R 0.00 or more')
    .max(CPM_MAX, `The CPM must be at most R ${CPM_MAX.toLocaleString('en-US')}.00`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'The CPM has more than two decimals (cents)')
    .nullable(),
});
export const UpdateCpmBody = z
  .object({
    clientId: zId,
    cpm: z
      .array(CpmChange, { error: 'cpm must be a list of { streamId, cpm }' })
      .min(1, 'Please change at least one CPM')
      .max(INGEST_STREAM_IDS.length * 2),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    for (const c of b.cpm) {
      if (seen.has(c.streamId)) ctx.addIssue({ code: 'custom', path: ['cpm'], message: `cpm names stream ${c.streamId} twice` });
      seen.add(c.streamId);
    }
  });
/** How many stored posts of the client were revalued at the new rates. */
export const UpdateCpmResult = z.object({ PostsRevalued: z.number() });
