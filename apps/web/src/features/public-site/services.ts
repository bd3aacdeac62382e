import { IconClockHour4, IconFileAnalytics, IconHash, IconHeartHandshake, IconMoodSmile, IconShieldCheck, type Icon } from '@tabler/icons-react';

export interface Service {
  /** The anchor on /services that the footer links to. */
  anchor: string;
  title: string;
  icon: Icon;
  summary: string;
  points: string[];
}

export const SERVICES: Service[] = [
  {
    anchor: 'keyword-tracking',
    title: 'Keyword Tracking',
    icon: IconHash,
    summary: 'Follow handles, hashtags, campaign phrases, profiles, links and topics across every network you care about.',
    points: [
      'X, Facebook, Instagram, YouTube, LinkedIn, TikTok and blogs in one place',
      'Mention counts and advertising value equivalent per stream',
      'Word clouds of the terms, hashtags, handles and names around your brand',
    ],
  },
  {
    anchor: 'reaction-lists',
    title: 'Reaction Lists',
    icon: IconHeartHandshake,
    summary: 'Word bins that alert the right people when a phrase that needs a response appears.',
    points: ['Lists of words and phrases per project', 'Email alerts to chosen contacts on a schedule you set', 'A log of every alert that went out'],
  },
  {
    anchor: 'hourly-insights',
    title: 'Hourly Insights',
    icon: IconClockHour4,
    summary: 'See when the conversation happens: an hour-by-day heatmap and daily insights show peaks the moment they form.',
    points: ['A heatmap of mentions per hour', 'Click any hour to read its posts', 'Daily, weekly or monthly buckets that follow your date range'],
  },
  {
    anchor: 'content-verification',
    title: 'Content Verification',
    icon: IconShieldCheck,
    summary: 'Analysts review what the machines find: rate posts, reject irrelevant ones and keep your numbers honest.',
    points: ['Rate posts Positive, Neutral or Negative', 'Reject irrelevant posts so they leave every chart', 'Sort posts into bins and sub-folders'],
  },
  {
    anchor: 'engagement-metrics',
    title: 'Engagement Metrics',
    icon: IconMoodSmile,
    summary: 'Favourability, sentiment of owned, earned and chatter content, top authors and influencers.',
    points: ['Favourability and sentiment summaries', 'Top posts, top authors and influencer discovery', 'Follower growth of the profiles you own'],
  },
  {
    anchor: 'on-demand-reports',
    title: 'On-Demand Reports',
    icon: IconFileAnalytics,
    summary: 'PDF and spreadsheet reports when you need them, or on a schedule to the people who need them.',
    points: ['Stats and trend analysis reports', 'Scheduled delivery by email', 'Spreadsheet exports of any post listing'],
  },
];
