// Table types for Kysely, one interface per table, kept in step with migrations/.
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  surname: Generated<string>;
  phone: Generated<string>;
  password_hash: string | null;
  is_admin: Generated<boolean>;
  created_at: DefaultTimestamp;
}
export interface ClientsTable {
  id: Generated<number>;
  name: string;
  is_active: Generated<boolean>;
  time_zone: Generated<string>;
  cpm: Json<Record<string, number>> | null;
}
export interface ClientContactsTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  is_primary: Generated<boolean>;
  is_active: Generated<boolean>;
}
export interface ClientProductsTable {
  client_id: number;
  product_code: string;
}
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  acting_admin_id: number | null;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface BinsTable {
  id: Generated<number>;
  client_id: number;
  project_id: number | null;
  parent_id: number | null;
  name: string;
  bin_type_id: Generated<number>;
  stream_id: number | null;
  is_deleted: Generated<boolean>;
  created_at: DefaultTimestamp;
  modified_at: DefaultTimestamp;
}
export interface ProjectsTable {
  id: Generated<number>;
  client_id: number;
  description: string;
  project_type_id: number;
  project_sub_type_id: number | null;
  stream_ids: number[];
  start_date: Timestamp;
  stop_date: Timestamp | null;
  is_deleted: Generated<boolean>;
  bin_id: number | null;
}
export interface CompetitorsTable {
  project_id: number;
  competitor_project_id: number;
}
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  description: string;
  notification_type_id: Generated<number>;
  created_at: DefaultTimestamp;
  seen_at: Timestamp | null;
}
export interface MailOutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: DefaultTimestamp;
  sent_at: Timestamp | null;
}
export interface BlogPostsTable {
  id: Generated<number>;
  title: string;
  summary: string;
  body: string;
  published_at: DefaultTimestamp;
}

export interface AuthorsTable {
  id: Generated<number>;
  stream_id: number;
  external_id: string;
  name: string;
  handle: string | null;
  followers: Generated<number>;
  updated_at: DefaultTimestamp;
}
export interface ClipsTable {
  id: Generated<number>;
  stream_id: number;
  external_id: string;
  author_id: number | null;
  body: string;
  posted_at: Timestamp;
  link: string | null;
  media_url: string | null;
  parent_external_id: string | null;
  likes: Generated<number>;
  comments: Generated<number>;
  shares: Generated<number>;
  views: Generated<number>;
  language: string | null;
  reach: Generated<number>;
  impressions: Generated<number>;
  country: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export interface ClipEnrichmentTable {
  clip_id: number;
  classification_id: Generated<number>;
  sentiment_score: Generated<number>;
  people: Generated<string[]>;
  organisations: Generated<string[]>;
  places: Generated<string[]>;
  hashtags: Generated<string[]>;
  handles: Generated<string[]>;
  urls: Generated<string[]>;
  terms: Generated<string[]>;
}
export interface BinRulesTable {
  id: Generated<number>;
  bin_id: number;
  kind: string;
  expression: string;
  stream_id: number | null;
  is_active: Generated<boolean>;
  created_at: DefaultTimestamp;
}
export interface BinClipsTable {
  id: Generated<number>;
  bin_id: number;
  project_id: number;
  clip_id: number;
  stream_id: number;
  posted_at: Timestamp;
  author_id: number | null;
  classification_id: Generated<number>;
  favourability_id: Generated<number>;
  brand_association_id: Generated<number>;
  ave: Generated<number>;
  impact_score: Generated<number>;
  rejected: Generated<boolean>;
  workflow_group_id: number | null;
  created_at: DefaultTimestamp;
}
export interface BinHourlyTable {
  bin_id: number;
  stream_id: number;
  hour: Timestamp;
  clips: Generated<number>;
  ave: Generated<number>;
  positive: Generated<number>;
  negative: Generated<number>;
  neutral: Generated<number>;
  owned: Generated<number>;
  earned: Generated<number>;
  chatter: Generated<number>;
}
export interface ProfilesTable {
  id: Generated<number>;
  project_id: number;
  stream_id: number;
  external_id: string;
  name: string;
  handle: string | null;
  link: string | null;
  image: string | null;
  summary: string | null;
  bin_rule_id: number | null;
  access_token_enc: string | null;
  token_secret_enc: string | null;
  token_valid: boolean | null;
  token_checked_at: Timestamp | null;
  followers: Generated<number>;
  created_at: DefaultTimestamp;
}
export interface FollowerSnapshotsTable {
  profile_id: number;
  taken_at: Timestamp;
  followers: number;
}
export interface InfluencersTable {
  id: Generated<number>;
  project_id: number;
  author_id: number;
  author_name: string;
  stream_id: number;
  created_at: DefaultTimestamp;
}
export interface WordcloudPhrasesTable {
  id: Generated<number>;
  project_id: number;
  phrase: string;
  kind: 'include' | 'exclude';
}
export interface ConnectorCursorsTable {
  connector: string;
  key: string;
  cursor: Json;
  updated_at: DefaultTimestamp;
}
export interface IngestRejectionsTable {
  reason: string;
  count: Generated<number>;
  last_at: DefaultTimestamp;
}

export interface Database {
  users: UsersTable;
  clients: ClientsTable;
  client_contacts: ClientContactsTable;
  client_products: ClientProductsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  bins: BinsTable;
  projects: ProjectsTable;
  competitors: CompetitorsTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
  blog_posts: BlogPostsTable;
  authors: AuthorsTable;
  clips: ClipsTable;
  clip_enrichment: ClipEnrichmentTable;
  bin_rules: BinRulesTable;
  bin_clips: BinClipsTable;
  bin_hourly: BinHourlyTable;
  profiles: ProfilesTable;
  follower_snapshots: FollowerSnapshotsTable;
  influencers: InfluencersTable;
  wordcloud_phrases: WordcloudPhrasesTable;
  connector_cursors: ConnectorCursorsTable;
  ingest_rejections: IngestRejectionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;

// ---- 0004_dashboard
/** Per bin, stream, UTC hour and brand association: favourability counts and AVE (kept with bin_hourly by ingest/rollups.ts). */
export interface BinHourlySentimentTable {
  bin_id: number;
  stream_id: number;
  hour: Timestamp;
  brand_association_id: number;
  positive: Generated<number>;
  neutral: Generated<number>;
  negative: Generated<number>;
  ave: Generated<number>;
}
// Declaration merging adds the table to Database above.
export interface Database {
  bin_hourly_sentiment: BinHourlySentimentTable;
}

// ---- 0003_engine
// Declaration merging adds the column to ClipsTable above.
export interface ClipsTable {
  in_reply_to_handle: string | null;
}
