// Shapes of a client's own sentiment model (docs/sentiment.md, "A client's own model"): the
// tray's "Teach sentiment" posts and what the last adaptation changed, and the admin's figures.
import { z } from 'zod';
import { zId } from '../common.ts';
import { trayFilterQuery } from '../clips/model.ts';

/** Posts "Teach sentiment" asks about at a time. */
export const TEACH_POSTS = 20;

/** What one adaptation of a client's model did, as the tray and the admin show it. */
export const AdaptationSummary = z.object({
  DateCreated: z.string(),
  /** The client's ratings it learned from and how many of them were held back to judge it. */
  Ratings: z.number(),
  HeldBack: z.number(),
  /** Accuracy (fractions) of the shipped model and of the adaptation on the held-back ratings. */
  BaseAccuracy: z.number(),
  AdaptedAccuracy: z.number(),
  /** Whether the client's posts are scored with it; when not, why. */
  Used: z.boolean(),
  Reason: z.string().nullable(),
  /** The client's posts re-scored with it so far, the bin rows whose sentiment changed, and whether the re-scoring finished. */
  PostsRescored: z.number(),
  RowsChanged: z.number(),
  Rescored: z.boolean(),
  /**
   * What the shipped model and the adaptation call the client's newest unrated posts: shares
   * (fractions) of Negative, Neutral and Positive, the guard's measure; null when not measured.
   */
  UnratedShares: z.object({ Posts: z.number(), Base: z.array(z.number()), Adapted: z.array(z.number()) }).nullable(),
  /** When an admin stopped using it (its re-score figures then count the return to the shipped model). */
  DateStopped: z.string().nullable(),
});
export type AdaptationSummary = z.infer<typeof AdaptationSummary>;

/** The posts of the tray's filter whose rating would help the client's model most: the listing's very filter fields. */
export const TeachPostsQuery = trayFilterQuery('Teach sentiment');
export const TeachPost = z.object({
  /** The bin_clips row to rate (the rating operation's binClipBaseIds). */
  BinClipId: z.number(),
  ClipId: z.number(),
  Body: z.string(),
  AuthorName: z.string().nullable(),
  StreamId: z.number(),
  PostedAt: z.string(),
  /** The post's sentiment now: 1 Positive, 2 Neutral, 3 Negative. */
  FavourabilityId: z.number(),
  /** How sure the client's model is (the likeliest class's probability): least sure first. */
  Certainty: z.number(),
});
export const TeachPosts = z.object({
  Posts: z.array(TeachPost),
  /** The client's ratings so far, and those made since its last adaptation. */
  Ratings: z.number(),
  NewRatings: z.number(),
  /** New ratings an adaptation waits for. */
  RatingsPerAdaptation: z.number(),
  LastAdaptation: AdaptationSummary.nullable(),
});

/** Each client's model, for the admin. */
export const ClientSentimentModel = z.object({
  ClientId: z.number(),
  ClientName: z.string(),
  Ratings: z.number(),
  NewRatings: z.number(),
  /** The latest adaptation tried, and the one the client's posts are scored with (null: the shipped model). */
  Latest: AdaptationSummary.nullable(),
  InUse: AdaptationSummary.nullable(),
});
export const ClientSentimentModels = z.array(ClientSentimentModel);

export const AdaptClientBody = z.object({ ClientId: zId });
export const AdaptClientResult = z.object({ Queued: z.boolean() });

export const StopClientModelBody = z.object({ ClientId: zId });
/** Stopped: false when the client had no adaptation in use. */
export const StopClientModelResult = z.object({ Stopped: z.boolean() });
