// Constants and enumerations from the specification. Each lives here once.

export const APP_VERSION = '1.2.60';

export const STREAMS = {
  X: 7,
  Facebook: 8,
  Instagram: 9,
  YouTube: 10,
  LinkedIn: 11,
  TikTok: 12,
} as const;
export type StreamId = (typeof STREAMS)[keyof typeof STREAMS];
export const STREAM_IDS: readonly StreamId[] = [7, 8, 9, 10, 11, 12];
/** Streams a user may pick in a filter (TikTok appears only in account linking). */
export const FILTER_STREAM_IDS: readonly StreamId[] = [7, 8, 9, 10, 11];
export const STREAM_NAMES: Record<StreamId, string> = {
  7: 'X',
  8: 'Facebook',
  9: 'Instagram',
  10: 'YouTube',
  11: 'LinkedIn',
  12: 'TikTok',
};
export const STREAM_COLORS: Record<StreamId, string> = {
  7: '#000000',
  8: '#1877F2',
  9: '#E1306C',
  10: '#FF0000',
  11: '#0A66C2',
  12: '#25F4EE',
};
export const YOUTUBE = 10;
/** Blogs (RSS and Atom): the specification names no stream id for them; 13 is ours (docs/api.md). */
export const BLOG_STREAM = 13;
/** Streams a post may be stored under. */
export const INGEST_STREAM_IDS: readonly number[] = [7, 8, 9, 10, 11, 12, 13];
export const ALL_STREAMS = 0;

export const PROJECT_TYPE_IDS = [1, 2, 3, 5, 6, 7, 8, 9] as const;
export type ProjectTypeId = (typeof PROJECT_TYPE_IDS)[number];
/**
 * The specification does not show the type-to-label mapping; these labels are ours
 * (docs/api.md lists them as a deliberate choice).
 */
export const PROJECT_TYPE_LABELS: Record<number, string> = {
  1: 'Brand Monitoring',
  2: 'Campaign Tracking',
  3: 'Hashtag Tracking',
  5: 'Owned Profiles',
  6: 'Influencer Monitoring',
  7: 'Competitor Monitoring',
  8: 'Single Platform',
  9: 'Topic Monitoring',
};

/** Sentiment classification codes. */
export const CLASSIFICATION = {
  None: 0,
  True: 1,
  False: 2,
  Positive: 3,
  Negative: 4,
  Balanced: 5,
  Mixed: 6,
  Neutral: 7,
} as const;
export const CLASSIFICATION_NAMES: Record<number, string> = {
  0: 'None',
  1: 'True',
  2: 'False',
  3: 'Positive',
  4: 'Negative',
  5: 'Balanced',
  6: 'Mixed',
  7: 'Neutral',
};

/** Favourability lookup: Positive, Neutral, Negative with colours. */
export const FAVOURABILITY = { Positive: 1, Neutral: 2, Negative: 3 } as const;
export type FavourabilityId = (typeof FAVOURABILITY)[keyof typeof FAVOURABILITY];
export const FAVOURABILITY_LOOKUP = [
  { Id: 1, Description: 'Positive', Color: '#2f9e44' },
  { Id: 2, Description: 'Neutral', Color: '#868e96' },
  { Id: 3, Description: 'Negative', Color: '#e03131' },
] as const;

/** Brand association: 1 Owned, 2 Earned, 0 or 3 Chatter. */
export const BRAND_ASSOCIATION = { Owned: 1, Earned: 2, Chatter: 3 } as const;
export const BRAND_ASSOCIATION_LOOKUP = [
  { Id: 1, Description: 'Owned', Color: '#1c7ed6' },
  { Id: 2, Description: 'Earned', Color: '#2f9e44' },
  { Id: 3, Description: 'Chatter', Color: '#f76707' },
] as const;
/** Sentiment summary card colours: owned blue, earned green, chatter orange. */
export const SENTIMENT_CARD_COLORS = { Owned: '#1c7ed6', Earned: '#2f9e44', Chatter: '#f76707', All: '#495057' };

/** Bin types: 6 is an input bin; the rest are ours. */
export const BIN_TYPE = { ProjectRoot: 1, SortBin: 2, InputBin: 6 } as const;

/** Notification types of the bell. */
export const NOTIFICATION_BEHAVIOUR = { NothingFurther: 1, MarkSeen: 2, FetchMentor: 4 } as const;
/** Notification types of subscriptions. */
/** 1 to 3 are the specification's; 4, a project's response alert (issue 42, docs/responses.md), is ours. */
export const NOTIFICATION_TYPES = { ScheduledReport: 1, ReactionListAlert: 2, ContactNotification: 3, ResponseAlert: 4 } as const;
export const RECIPIENT_TYPES = { AlertContact: 1, PopupContact: 2, ResponseContact: 3 } as const;
export const PAYMENT_TYPES = [
  { Id: 1, Description: 'Arrears' },
  { Id: 2, Description: 'Event/Budget' },
] as const;

/** Client list page sizes by window width. */
export const CLIENT_PAGE_SIZE = { default: 12, above1200: 16, above1400: 25 } as const;
export const CLIP_TRAY_STEP = 10;
export const CLIP_ID_BATCH = 100;
export const TOP_AUTHORS_DEFAULT = 10;
export const LIST_PAGE_ROWS = 10;
export const LISTING_BODY_MAX = 32766;
export const INFLUENCER_LIFETIME_DAYS = 365;
export const WORDCLOUD_MIN_FONT = 7;

/** Products that lock side-menu items, prices in rand. */
/** How often a price is charged: every month, or once (docs/contacts-and-agreements.md). */
export type PricePeriod = 'month' | 'once';
/** What follows a price to say its period: 'R 490.00 / month', 'R 1,500.00 once-off'. */
export const PRICE_PERIOD_LABELS: Record<PricePeriod, string> = { month: '/ month', once: 'once-off' };

/** The locked products, their codes and their prices in rand: each is a monthly subscription. */
export const PRODUCTS = {
  Notifications: { name: 'Notifications', codes: ['KPNT10'], price: 250, period: 'month' },
  Sentiment: { name: 'Sentiment', codes: ['KPSZ10'], price: 490, period: 'month' },
  ReactionLists: { name: 'Reaction Lists', codes: ['KPRW10'], price: 135, period: 'month' },
  DeepDive: { name: 'Deep Dive', codes: ['KPVT10'], price: 530, period: 'month' },
  SortBins: { name: 'Sort Bins', codes: ['KPOZ10', 'CPOZ10', 'CIOZ10'], price: 330, period: 'month' },
  InputBins: { name: 'Input Bins', codes: ['KPIB10'], price: 180, period: 'month' },
} as const satisfies Record<string, { name: string; codes: readonly string[]; price: number; period: PricePeriod }>;
export type ProductKey = keyof typeof PRODUCTS;

export const CURRENCY = 'ZAR';
export const VAT_RATE = 0.15;
export const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';

/** Alert intervals in minutes. */
export const ALERT_INTERVALS = [0, 5, 10, 15, 30, 60, 360, 720, 1440] as const;
export const WORD_BIN_INTERVALS = [0, 5, 10, 20, 30, 60, 360, 720, 1440] as const;
/** Word-bin notify intervals (minutes) with the labels the screens show. */
export const WORD_BIN_INTERVAL_LABELS: Record<(typeof WORD_BIN_INTERVALS)[number], string> = {
  0: 'Immediate',
  5: 'Every 5 minutes',
  10: 'Every 10 minutes',
  20: 'Every 20 minutes',
  30: 'Every 30 minutes',
  60: 'Every Hour',
  360: 'Every 6 hours',
  720: 'Every 12 hours',
  1440: 'Once a day',
};

export const DEMO_PASSWORD = 'demo-password';
