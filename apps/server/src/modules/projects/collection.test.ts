import { describe, expect, it } from 'vitest';
import { loadOAuthConfig } from '../../oauth/config.ts';
import { collectionStatus, type CollectionProfile, type CollectionProject, type CollectionSettings } from './collection.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const project = (over: Partial<CollectionProject> = {}): CollectionProject => {
  const rootRules = over.rootRules ?? [{ kind: 'phrase', expression: '"karoo trails"' }];
  return { streamIds: [7, 8, 9], stopDate: null, timeZone: 'Africa/Johannesburg', clientActive: true, rootRules, rules: rootRules, ...over };
};
/** A server as installed: no tokens, no OAuth clients, the connector job on, no simulator. */
const settings = (over: Partial<CollectionSettings> = {}): CollectionSettings => ({
  simulator: false,
  connectorIntervalMs: 300_000,
  xBearerToken: null,
  youtubeApiKey: null,
  blogFeeds: [],
  oauth: loadOAuthConfig({}),
  tokenKeys: true,
  ...over,
});
const withOAuth = loadOAuthConfig({
  OAUTH_X_CLIENT_ID: 'x',
  OAUTH_X_CLIENT_SECRET: 's',
  OAUTH_FACEBOOK_CLIENT_ID: 'f',
  OAUTH_FACEBOOK_CLIENT_SECRET: 's',
  OAUTH_GOOGLE_CLIENT_ID: 'g',
  OAUTH_GOOGLE_CLIENT_SECRET: 's',
});
const linked = (streamId: number, over: Partial<CollectionProfile> = {}): CollectionProfile => ({
  streamId,
  name: 'Karoo Outdoor',
  handle: 'karoo',
  hasToken: true,
  tokenValid: true,
  ...over,
});
const steps = (s: ReturnType<typeof collectionStatus>, streamId: number) => s.Streams.find((x) => x.StreamId === streamId)!.Steps.map((x) => x.Text);

describe('collection status', () => {
  it('says a fresh project on a server with nothing configured collects nothing, naming each network', () => {
    const s = collectionStatus(project(), [], settings(), NOW);
    expect(s.Collecting).toBe(false);
    expect(s.Summary).toBe('Not collecting: nothing configured for X, Facebook, Instagram');
    expect(s.NotCollecting).toEqual(['X', 'Facebook', 'Instagram']);
    expect(steps(s, 7)).toEqual([
      "Set X_BEARER_TOKEN on the server (X recent search for the project's keywords)",
      'Link an X account: the server first needs OAUTH_X_CLIENT_ID and OAUTH_X_CLIENT_SECRET',
    ]);
    expect(steps(s, 9)).toEqual(['Link an Instagram business account: the server first needs OAUTH_FACEBOOK_CLIENT_ID and OAUTH_FACEBOOK_CLIENT_SECRET']);
  });

  it('sends the user to Access Token Management once the network can be linked', () => {
    const s = collectionStatus(project(), [], settings({ oauth: withOAuth }), NOW);
    expect(s.Streams.find((x) => x.StreamId === 8)!.Steps).toEqual([{ Text: 'Link a Facebook page in Access Token Management', Where: 'access-tokens' }]);
  });

  it('counts X search from the keywords with X_BEARER_TOKEN, and a linked account with a usable token', () => {
    const s = collectionStatus(project(), [linked(8)], settings({ xBearerToken: 't' }), NOW);
    expect(s.Collecting).toBe(true);
    expect(s.Streams.map((x) => [x.Name, x.Collecting, x.Sources])).toEqual([
      ['X', true, ["X recent search for the project's keywords (X_BEARER_TOKEN)"]],
      ['Facebook', true, ['the linked account @karoo']],
      ['Instagram', false, []],
    ]);
    expect(s.Summary).toBe('Collecting: X, Facebook; nothing configured for Instagram');
  });

  it('does not count X search without keywords, a profile without a token, an invalid token or one no key can read', () => {
    const noKeywords = collectionStatus(project({ rootRules: [{ kind: 'url', expression: 'karoo.co.za' }] }), [], settings({ xBearerToken: 't' }), NOW);
    expect(noKeywords.Streams[0].Collecting).toBe(false);
    expect(steps(noKeywords, 7)[0]).toBe('Add keywords to the project (its root rule): X search is built from them');
    expect(collectionStatus(project(), [linked(8, { hasToken: false })], settings(), NOW).Streams[1].Collecting).toBe(false);
    const invalid = collectionStatus(project(), [linked(8, { tokenValid: false })], settings({ oauth: withOAuth }), NOW);
    expect(steps(invalid, 8)).toEqual(["The linked Facebook account's access token is invalid: grant it again in Access Token Management"]);
    const noKey = collectionStatus(project(), [linked(8)], settings({ tokenKeys: false }), NOW);
    expect(steps(noKey, 8)).toEqual(["Set TOKEN_KEY on the server: the linked Facebook account's token cannot be read without it"]);
  });

  it('counts YouTube search with YOUTUBE_API_KEY or the linked channel, and blogs from BLOG_FEEDS or a feed rule', () => {
    const yt = (s: CollectionSettings, profiles: CollectionProfile[] = []) => collectionStatus(project({ streamIds: [10] }), profiles, s, NOW).Streams[0];
    expect(yt(settings({ youtubeApiKey: 'k' })).Sources).toEqual(["YouTube search for the project's keywords (YOUTUBE_API_KEY)"]);
    expect(yt(settings(), [linked(10)]).Sources).toEqual(['the linked account @karoo', "YouTube search for the project's keywords, with the linked channel"]);
    expect(yt(settings()).Steps.map((x) => x.Text)[0]).toBe("Set YOUTUBE_API_KEY on the server (YouTube search for the project's keywords)");
    const blogs = (s: CollectionSettings, rules = project().rules) => collectionStatus(project({ streamIds: [13], rules }), [], s, NOW).Streams[0];
    expect(blogs(settings()).Collecting).toBe(false);
    expect(blogs(settings()).Name).toBe('Blogs');
    expect(blogs(settings({ blogFeeds: ['https://news.example/feed'] })).Collecting).toBe(true);
    expect(blogs(settings(), [{ kind: 'url', expression: 'karoo.co.za/blog/feed' }]).Collecting).toBe(true);
  });

  it('says the demo simulator collects every stream of a project with rules', () => {
    const s = collectionStatus(project(), [], settings({ simulator: true }), NOW);
    expect(s.Collecting).toBe(true);
    expect(s.Simulated).toBe(true);
    expect(s.Summary).toBe('Collecting: simulated demo posts for X, Facebook, Instagram');
    expect(s.NotCollecting).toEqual([]);
    // What real collection would need is still said.
    expect(steps(s, 8)).toEqual(['Link a Facebook page: the server first needs OAUTH_FACEBOOK_CLIENT_ID and OAUTH_FACEBOOK_CLIENT_SECRET']);
    expect(collectionStatus(project({ rules: [], rootRules: [] }), [], settings({ simulator: true }), NOW).Collecting).toBe(false);
  });

  it('collects nothing for a stopped project, an In-Active client or with the connector job off', () => {
    const stopped = collectionStatus(project({ stopDate: new Date('2026-02-01T00:00:00Z') }), [linked(8)], settings({ simulator: true }), NOW);
    expect([stopped.Collecting, stopped.Summary]).toEqual([false, 'Not collecting: the project stopped on 1 Feb 2026']);
    // A stop at 00:30 on 1 February in Johannesburg (22:30 UTC the day before) is 1 February, on the client's calendar.
    expect(collectionStatus(project({ stopDate: new Date('2026-01-31T22:30:00Z') }), [linked(8)], settings(), NOW).Summary).toBe(
      'Not collecting: the project stopped on 1 Feb 2026',
    );
    expect(collectionStatus(project({ stopDate: new Date('2026-04-01T00:00:00Z') }), [linked(8)], settings(), NOW).Collecting).toBe(true);
    const inactive = collectionStatus(project({ clientActive: false }), [linked(8)], settings(), NOW);
    expect([inactive.Collecting, inactive.Summary]).toEqual([false, 'Not collecting: the client is In-Active (its contract has ended)']);
    const off = collectionStatus(project(), [linked(8)], settings({ xBearerToken: 't', connectorIntervalMs: 0 }), NOW);
    expect([off.Collecting, off.Summary]).toEqual([false, 'Not collecting: the connector job is off (CONNECTOR_INTERVAL_MS=0)']);
    expect(steps(off, 7)).toEqual(['The connector job is off (CONNECTOR_INTERVAL_MS=0): set CONNECTOR_INTERVAL_MS above 0 on the server']);
  });
});
