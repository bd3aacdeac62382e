// The one Post shape every connector normalises to, before enrichment, matching and storage.

export interface PostAuthor {
  /** The network's id of the author (user id, page id, channel id). */
  externalId: string;
  /**
   * The display name (a channel's title, a page's name), as the network gives it; absent when a
   * read gives only the handle (YouTube comments): storage then keeps the name it knows, or falls
   * back to the handle for a new author (ledger/file-posts.ts). Never a handle in the name's place.
   */
  name?: string | null;
  /** The @handle without its @, when the network gives one. */
  handle?: string | null;
  /** Absent when the read does not give it: storage keeps the count it knows. */
  followers?: number;
  /** The author's profile location as they wrote it ('Cape Town, South Africa'): where posts come from (world map). */
  location?: string | null;
}

export interface Post {
  /** Stream id from the contract: 7 X, 8 Facebook, 9 Instagram, 10 YouTube, 11 LinkedIn, 12 TikTok; 13 Blog (ours: the specification names no blog stream). */
  streamId: number;
  /** The network's id of the post, unique within the stream. */
  externalId: string;
  author: PostAuthor;
  body: string;
  postedAt: Date;
  link?: string | null;
  mediaUrl?: string | null;
  /** Id of the post this one replies to or comments on, when there is one. */
  parentExternalId?: string | null;
  /** Handle (without @) of the account this post replies to, when known. */
  inReplyToHandle?: string | null;
  likes?: number;
  comments?: number;
  shares?: number;
  views?: number;
  /** Estimated impressions when the network gives them; otherwise derived at storage. */
  impressions?: number;
  language?: string | null;
  country?: string | null;
  /** The post's own place name (a geotag), when the network gives one. */
  location?: string | null;
}

/**
 * Who may see posts: none given, every tenant's rules match them (public sources: searches, feeds
 * the configuration names); an owner project, only that project's rules (posts read with its own
 * profile token, which can list what only the account's owner sees), and with `inputBinId` also
 * that input bin of the project, every post (posts added by hand, rules.ts inputBinRuleSet);
 * projects, only those projects' rules (a feed their url rules name: what one tenant points us
 * at is filed for it).
 */
export type IngestScope = { ownerProjectId: number; inputBinId?: number } | { projectIds: readonly number[] };

/** A connector run's outcome: posts plus what it skipped and why, never thrown away silently. */
export interface ConnectorPage {
  posts: Post[];
  skipped: { reason: string; detail?: string }[];
}
