// A connector that stops says why in the network's own words (docs/connectors.md, "Stops and their
// messages"): the detail of its report is the message of the network's error answer, on one line
// and bounded, not only a code or an error type ("OAuthException").
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryCursorStore, type CursorStore } from '../ingest/connectors/cursor-store.ts';
import { FacebookPageConnector } from './facebook/api.ts';
import { FB_VERSION, startFacebookFake } from './facebook/fake.ts';
import { collect, testHttp } from '../ingest/connectors/fakes/harness.ts';
import { ORG, startLinkedInFake } from './linkedin/fake.ts';
import { startTikTokFake, TT_OPEN_ID } from './tiktok/fake.ts';
import { startXFake } from './x/fake.ts';
import { CHANNEL, startYouTubeFake, ytError } from './youtube/fake.ts';
import { answerMessage, boundedMessage, MAX_NETWORK_MESSAGE } from '../ingest/connectors/http.ts';
import { LinkedInPostsConnector } from './linkedin/api.ts';
import { TikTokVideosConnector } from './tiktok/api.ts';
import { XTimelineConnector } from './x/api.ts';
import { YouTubeChannelConnector } from './youtube/api.ts';

let store: CursorStore;
beforeEach(() => void (store = memoryCursorStore()));

describe("a connector's stop carries the network's message", () => {
  it('Graph: error.message, not the error type', async () => {
    const said = '(#100) Tried accessing nonexisting field (permalink_url) on node type (Page)';
    const fake = await startFacebookFake({
      token: 't',
      faults: { 'feed:first': [{ status: 400, json: { error: { message: said, type: 'OAuthException', code: 100 } } }] },
    });
    const c = new FacebookPageConnector({ baseUrl: fake.url + FB_VERSION, accessToken: 't', http: testHttp(), pageId: '100' });
    const refused = new FacebookPageConnector({ baseUrl: fake.url + FB_VERSION, accessToken: 'revoked', http: testHttp(), pageId: '100' });
    const { report } = await collect(c, store);
    const { report: bad } = await collect(refused, store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'stopped', reason: 'graph_error_100', detail: said });
    expect(bad).toMatchObject({ ended: 'stopped', reason: 'token_invalid', detail: 'Invalid OAuth access token - Cannot parse access token' });
  });

  it('X: detail', async () => {
    const fake = await startXFake({ token: 'good' });
    const { report } = await collect(new XTimelineConnector({ baseUrl: fake.url, bearerToken: 'bad', http: testHttp(), userId: '12' }), store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'stopped', reason: 'unauthorized', detail: 'Unauthorized' });
  });

  it('YouTube: error.message, for a refusal it classifies and for any other 4xx', async () => {
    const fake = await startYouTubeFake({ apiKey: 'k', faults: { 'channels:first': [ytError(403, 'forbidden', 'The caller does not have permission')] } });
    const c = () => new YouTubeChannelConnector({ baseUrl: fake.url, apiKey: 'k', http: testHttp(), channelId: CHANNEL.id });
    const { report } = await collect(c(), store);
    const { report: badKey } = await collect(
      new YouTubeChannelConnector({ baseUrl: fake.url, apiKey: 'nope', http: testHttp(), channelId: CHANNEL.id }),
      store,
    );
    await fake.close();
    expect(report).toMatchObject({ ended: 'stopped', reason: 'forbidden', detail: 'The caller does not have permission' });
    expect(badKey).toMatchObject({ ended: 'stopped', reason: 'http_400', detail: 'API key not valid. Please pass a valid API key.' });
  });

  it('LinkedIn: message', async () => {
    const fake = await startLinkedInFake({ token: 'good' });
    const c = new LinkedInPostsConnector({ baseUrl: fake.url, accessToken: 'bad', version: '202611', http: testHttp(), orgUrn: ORG });
    const { report } = await collect(c, store);
    await fake.close();
    expect(report).toMatchObject({ ended: 'stopped', reason: 'unauthorized', detail: 'Invalid access token' });
  });

  it('TikTok: error.message', async () => {
    const fake = await startTikTokFake({ token: 'good' });
    const { report } = await collect(new TikTokVideosConnector({ baseUrl: fake.url, accessToken: 'bad', http: testHttp(), openId: TT_OPEN_ID }), store);
    await fake.close();
    expect(report).toMatchObject({
      ended: 'stopped',
      reason: 'access_token_invalid',
      detail: 'The access token is invalid or not found in the request.',
    });
  });

  it('is one line of at most MAX_NETWORK_MESSAGE characters, kept as text', () => {
    const long = `<b>${'x'.repeat(1000)}</b>`;
    const kept = boundedMessage(long)!;
    expect(kept).toHaveLength(MAX_NETWORK_MESSAGE);
    expect(kept.startsWith('<b>xxx')).toBe(true);
    expect(kept.endsWith('…')).toBe(true);
    expect(boundedMessage('  two\n\tlines \u0007 ')).toBe('two lines');
    expect(boundedMessage('', '  ', 42, 'then this')).toBe('then this');
    expect(answerMessage({ error: { message: 'graph' } })).toBe('graph');
    expect(answerMessage({ errors: [{ message: 'x v2' }], title: 'Invalid Request' })).toBe('x v2');
    expect(answerMessage('not an object')).toBeUndefined();
  });
});
