// What brings a project's posts in, stream by stream, decided from what the connector job and the
// simulator would do (jobs/connectors.ts, ingest/simulator.ts): the project's streams and rules,
// the server's settings and the project's linked profiles. A pure function, so the dashboard's
// "Not collecting: nothing configured for …" and the collection itself cannot drift apart unseen
// (collection.test.ts). The settings are listed in docs/operations.md.
import {
  BLOG_STREAM,
  STREAM_NAMES,
  chartLabel,
  toWall,
  type CollectionStatus,
  type CollectionStep,
  type StreamCollection,
  type StreamId,
} from '@listening/contract';
import { isFeedAddress } from '../../jobs/connectors.ts';
import { youtubeQueriesOf, type RuleRow } from '../../jobs/collection-plan.ts';
import { buildXQueries } from '../../networks/x/query.ts';
import type { OAuthConfig, Provider } from '../../oauth/config.ts';

/** The settings that decide collection (a part of Config). */
export interface CollectionSettings {
  simulator: boolean;
  connectorIntervalMs: number;
  xBearerToken: string | null;
  youtubeApiKey: string | null;
  blogFeeds: string[];
  oauth: OAuthConfig;
  /** A key to read linked profiles' tokens: TOKEN_KEY, or the embedded database's generated one. */
  tokenKeys: boolean;
}

export interface CollectionProject {
  streamIds: number[];
  stopDate: Date | null;
  /** The client's time zone: the stop date is said on its calendar. */
  timeZone: string;
  clientActive: boolean;
  /** Active rules of the project's root bin (X and YouTube search are built from them). */
  rootRules: RuleRow[];
  /** Active rules of every bin of the project (url rules naming a feed; the simulator aims at any). */
  rules: RuleRow[];
}

export interface CollectionProfile {
  streamId: number;
  name: string;
  handle: string | null;
  hasToken: boolean;
  /** False once a check found the token refused (it is then skipped until granted again). */
  tokenValid: boolean | null;
}

/** The OAuth provider that links each network (oauth/networks.ts): Instagram through Facebook Login, YouTube through Google. */
const PROVIDER: Record<StreamId, Provider> = { 7: 'x', 8: 'facebook', 9: 'facebook', 10: 'google', 11: 'linkedin', 12: 'tiktok' };

/** What is linked on each network, in the words of the linking screen. */
const ACCOUNT: Record<StreamId, string> = {
  7: 'an X account',
  8: 'a Facebook page',
  9: 'an Instagram business account',
  10: 'a YouTube channel',
  11: 'a LinkedIn organisation page',
  12: 'a TikTok account',
};

const streamName = (id: number) => (id === BLOG_STREAM ? 'Blogs' : (STREAM_NAMES[id as StreamId] ?? `Stream ${id}`));
const oauthVars = (p: Provider) => `OAUTH_${p.toUpperCase()}_CLIENT_ID and OAUTH_${p.toUpperCase()}_CLIENT_SECRET`;
const linkable = (settings: CollectionSettings, p: Provider) => !!settings.oauth[p].clientId && !!settings.oauth[p].clientSecret;
const accountName = (p: CollectionProfile) => (p.handle ? `@${p.handle.replace(/^@/, '')}` : p.name);

/** Steps to link an account of the stream: on the linking screen, once the server has the network's OAuth client. */
function linkSteps(streamId: StreamId, settings: CollectionSettings): CollectionStep[] {
  const provider = PROVIDER[streamId];
  if (!linkable(settings, provider)) return [{ Text: `Link ${ACCOUNT[streamId]}: the server first needs ${oauthVars(provider)}`, Where: 'server' }];
  return [{ Text: `Link ${ACCOUNT[streamId]} in Access Token Management`, Where: 'access-tokens' }];
}

/** One stream of an active project, with the connector job on. */
function streamCollection(streamId: number, project: CollectionProject, profiles: CollectionProfile[], settings: CollectionSettings): StreamCollection {
  const sources: string[] = [];
  const steps: CollectionStep[] = [];
  const name = streamName(streamId);
  if (streamId === BLOG_STREAM) {
    if (settings.blogFeeds.length) sources.push(`the feeds of BLOG_FEEDS (${settings.blogFeeds.length})`);
    const feeds = project.rules.filter((r) => r.kind === 'url' && isFeedAddress(r.expression)).length;
    if (feeds) sources.push(`feeds named by the project's url rules (${feeds})`);
    if (!sources.length)
      steps.push(
        { Text: 'Set BLOG_FEEDS on the server (feed addresses, comma-separated)', Where: 'server' },
        { Text: 'Or add a url rule naming a feed (an address ending in /feed, /rss, /atom, .rss, .atom or .xml)', Where: 'rules' },
      );
    return { StreamId: streamId, Name: name, Collecting: sources.length > 0, Sources: sources, Steps: steps };
  }
  if (!(streamId in PROVIDER)) return { StreamId: streamId, Name: name, Collecting: false, Sources: [], Steps: [] };
  const id = streamId as StreamId;
  const linked = profiles.filter((p) => p.streamId === id && p.hasToken);
  const usable = settings.tokenKeys ? linked.filter((p) => p.tokenValid !== false) : [];
  for (const p of usable) sources.push(`the linked account ${accountName(p)}`);

  if (id === 7 && settings.xBearerToken) {
    if (buildXQueries(project.rootRules.filter((r) => r.kind !== 'url')).length) sources.push("X recent search for the project's keywords (X_BEARER_TOKEN)");
    else if (!usable.length) steps.push({ Text: 'Add keywords to the project (its root rule): X search is built from them', Where: 'rules' });
  }
  if (id === 10) {
    const queries = youtubeQueriesOf(project.rootRules).length;
    if (queries && settings.youtubeApiKey) sources.push("YouTube search for the project's keywords (YOUTUBE_API_KEY)");
    else if (queries && usable.length) sources.push("YouTube search for the project's keywords, with the linked channel");
  }
  if (sources.length) return { StreamId: id, Name: name, Collecting: true, Sources: sources, Steps: [] };

  // Nothing collects: say why, most specific first.
  if (linked.length && !settings.tokenKeys)
    steps.push({ Text: `Set TOKEN_KEY on the server: the linked ${name} account's token cannot be read without it`, Where: 'server' });
  else if (linked.length)
    steps.push({ Text: `The linked ${name} account's access token is invalid: grant it again in Access Token Management`, Where: 'access-tokens' });
  if (id === 7 && !settings.xBearerToken)
    steps.push({ Text: "Set X_BEARER_TOKEN on the server (X recent search for the project's keywords)", Where: 'server' });
  if (id === 10 && !settings.youtubeApiKey)
    steps.push({ Text: "Set YOUTUBE_API_KEY on the server (YouTube search for the project's keywords)", Where: 'server' });
  if (!linked.length) steps.push(...linkSteps(id, settings));
  return { StreamId: id, Name: name, Collecting: false, Sources: [], Steps: steps };
}

const list = (names: string[]) => names.join(', ');

/**
 * What collects each of the project's streams now. `now` decides whether the project has stopped.
 * With the simulator on, every stream of a project with rules or profiles gets made-up posts.
 */
export function collectionStatus(
  project: CollectionProject,
  profiles: CollectionProfile[],
  settings: CollectionSettings,
  now: Date = new Date(),
): CollectionStatus {
  const streamIds = [...new Set(project.streamIds)].sort((a, b) => a - b);
  const names = streamIds.map(streamName);
  const none = (summary: string, step?: CollectionStep): CollectionStatus => ({
    Collecting: false,
    Simulated: false,
    Summary: summary,
    NotCollecting: names,
    Streams: streamIds.map((id) => ({ StreamId: id, Name: streamName(id), Collecting: false, Sources: [], Steps: step ? [step] : [] })),
  });
  if (!project.clientActive) return none('Not collecting: the client is In-Active (its contract has ended)');
  if (project.stopDate && project.stopDate.getTime() <= now.getTime())
    return none(`Not collecting: the project stopped on ${chartLabel(toWall(project.stopDate, project.timeZone))}`);
  if (!streamIds.length) return none('Not collecting: the project listens to no network');

  const simulated = settings.simulator && (project.rules.length > 0 || profiles.length > 0);
  let streams: StreamCollection[];
  if (settings.connectorIntervalMs > 0) streams = streamIds.map((id) => streamCollection(id, project, profiles, settings));
  else
    streams = streamIds.map((id) => ({
      StreamId: id,
      Name: streamName(id),
      Collecting: false,
      Sources: [],
      Steps: [{ Text: 'The connector job is off (CONNECTOR_INTERVAL_MS=0): set CONNECTOR_INTERVAL_MS above 0 on the server', Where: 'server' as const }],
    }));
  if (simulated)
    // The demo's posts are made up for every stream; what real collection would need is still listed.
    streams = streams.map((s) => ({ ...s, Collecting: true, Sources: [...s.Sources, "the demo's simulator (made-up posts, SIMULATOR=1)"] }));

  const collecting = streams.filter((s) => s.Collecting).map((s) => s.Name);
  const missing = streams.filter((s) => !s.Collecting).map((s) => s.Name);
  const summary = simulated
    ? `Collecting: simulated demo posts for ${list(names)}`
    : !collecting.length
      ? settings.connectorIntervalMs > 0
        ? `Not collecting: nothing configured for ${list(missing)}`
        : 'Not collecting: the connector job is off (CONNECTOR_INTERVAL_MS=0)'
      : missing.length
        ? `Collecting: ${list(collecting)}; nothing configured for ${list(missing)}`
        : `Collecting: ${list(collecting)}`;
  return { Collecting: collecting.length > 0, Simulated: simulated, Summary: summary, NotCollecting: missing, Streams: streams };
}
