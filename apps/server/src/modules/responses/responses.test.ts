import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestPosts } from '../../ingest/index.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import { makePost, seedProject, type SeededProject } from '../../ingest/testing.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { duration, responseReasons } from '../../analytics/response-reasons.ts';

const AT = (minute: number) => new Date(Date.UTC(2024, 5, 1, 10, minute));
const OWNED = { externalId: 'acme-1', name: 'Acme SA', handle: 'AcmeSA', followers: 50_000 };

describe('what needs a response', () => {
  it('finds questions, complaints and requests, and nothing in praise', () => {
    expect(responseReasons('@AcmeSA where is my order?', 2)).toEqual(['question']);
    expect(responseReasons('@AcmeSA how do I reset the router', 2)).toEqual(['question']);
    expect(responseReasons('@AcmeSA the delivery was terrible', 3)).toEqual(['complaint']);
    expect(responseReasons('@AcmeSA please dm me about my refund', 2)).toEqual(['request']);
    expect(responseReasons('@AcmeSA why is my bill wrong? please fix it', 3)).toEqual(['question', 'complaint', 'request']);
    expect(responseReasons('love my new bottle from @AcmeSA', 1)).toEqual([]);
    // "again" alone is no complaint; "can't" opens no question.
    expect(responseReasons('@AcmeSA the router is down again', 2)).toEqual(['complaint']);
    expect(responseReasons("@AcmeSA great bottle, I'll buy again", 1)).toEqual([]);
    expect(responseReasons("@AcmeSA can't wait for the launch", 1)).not.toContain('question');
    expect(responseReasons('@AcmeSA can you check my order', 2)).toEqual(['question']);
  });

  it('says how long in words', () => {
    expect(duration(42)).toBe('42 min');
    expect(duration(185)).toBe('3 h 5 min');
    expect(duration(60 * 26)).toBe('1 d 2 h');
  });
});

describe('the response queue', () => {
  let t: TestContext;
  let p: SeededProject;
  let admin: { authorization: string };
  const queue = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/responses?projectId=${p.projectId}&startDate=2024-06-01&endDate=2024-06-01&streamIds=7${query}`, headers: admin });

  beforeAll(async () => {
    t = await createTestApp();
    p = await seedProject(t.db, { name: 'Queue Co', profile: { streamId: 7, externalId: OWNED.externalId, handle: OWNED.handle } });
    invalidateRules(t.db);
    await ingestPosts(t.db, [
      makePost('@AcmeSA where is my acme order?', { externalId: 'q1', inReplyToHandle: 'AcmeSA', postedAt: AT(0) }),
      makePost('love my acme bottle @AcmeSA', { externalId: 'praise', postedAt: AT(5) }),
      makePost('@AcmeSA the acme delivery was terrible and I am still waiting', { externalId: 'c1', inReplyToHandle: 'AcmeSA', postedAt: AT(10) }),
      makePost('@AcmeSA please dm me about my acme refund', { externalId: 'r1', postedAt: AT(20) }),
      makePost('acme is on sale, is it any good?', { externalId: 'chatter', postedAt: AT(25) }),
      // The brand's own reply to the question, 42 minutes later.
      makePost('Sorry! Your acme order ships today', { externalId: 'a1', parentExternalId: 'q1', author: OWNED, postedAt: AT(42) }),
    ]);
    admin = await authHeader(t.app, 'admin@demo.example');
  });
  afterAll(() => t.close());

  it("lists the posts to the project's own accounts that need a response: open ones oldest first, then the answered, with the response time", async () => {
    const res = await queue();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = async (clipIds: number[]) =>
      (await t.db.selectFrom('clips').select(['id', 'external_id']).where('id', 'in', clipIds).execute()).reduce<Record<number, string>>(
        (m, r) => ({ ...m, [r.id]: r.external_id }),
        {},
      );
    const names = await ids(body.Items.map((i: { ClipId: number }) => i.ClipId));
    expect(body.Items.map((i: { ClipId: number; Status: string }) => [names[i.ClipId], i.Status])).toEqual([
      ['c1', 'open'],
      ['r1', 'open'],
      ['q1', 'answered'],
    ]);
    const answered = body.Items[2];
    expect(answered).toMatchObject({ ClosedBy: 'reply', ResponseMinutes: 42, Reasons: ['question'] });
    expect(answered.Why).toBe('question to @AcmeSA, neutral, answered in 42 min');
    expect(body.Items[0].Why).toMatch(/^complaint and request to @AcmeSA, negative, unanswered \d+ d/);
    expect(body.Figures).toMatchObject({ Open: 2, Answered: 1, NoReplyNeeded: 0, MedianMinutes: 42, P90Minutes: 42 });
    // One of the three answered within the default wait of 60 minutes.
    expect(body.Figures.AnsweredWithinWait).toBeCloseTo(1 / 3, 3);
    expect((await queue('&waitMinutes=30')).json().Figures.AnsweredWithinWait).toBe(0);
    // "still waiting" asks for an answer too.
    expect((await queue('&reason=request')).json().Items.map((i: { ClipId: number }) => names[i.ClipId])).toEqual(['c1', 'r1']);
  });

  it('keeps a mark by hand: no reply needed, then open again', async () => {
    const open = (await queue()).json().Items[0];
    const mark = (status: string) =>
      t.app.inject({ method: 'PUT', url: '/api/responses/mark', headers: admin, payload: { projectId: p.projectId, clipId: open.ClipId, status } });
    expect((await mark('no_reply')).statusCode).toBe(200);
    let item = (await queue()).json().Items.find((i: { ClipId: number }) => i.ClipId === open.ClipId);
    expect(item).toMatchObject({ Status: 'no_reply', ClosedBy: 'person' });
    expect((await queue()).json().Figures).toMatchObject({ Open: 1, NoReplyNeeded: 1 });
    expect((await mark('open')).statusCode).toBe(200);
    item = (await queue()).json().Items.find((i: { ClipId: number }) => i.ClipId === open.ClipId);
    expect(item).toMatchObject({ Status: 'open', ClosedBy: null });
  });

  it("answers 404 for a post that is not the project's, and for another client's project", async () => {
    const chatter = await t.db.selectFrom('clips').select('id').where('external_id', '=', 'nothing-here').executeTakeFirst();
    expect(chatter).toBeUndefined();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/responses/mark',
      headers: admin,
      payload: { projectId: p.projectId, clipId: 2_000_000_000, status: 'answered' },
    });
    expect(res.statusCode).toBe(404);
    const viewer = await authHeader(t.app, 'viewer@demo.example');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/responses?projectId=${p.projectId}&startDate=2024-06-01&endDate=2024-06-01&streamIds=7`,
      headers: viewer,
    });
    expect(other.statusCode).toBe(404);
  });

  it('names a bad reason or wait in words', async () => {
    expect((await queue('&reason=praise')).json().message).toBe('reason must be question, complaint or request');
    expect((await queue('&waitMinutes=0')).json().message).toBe('waitMinutes must be at least 1');
  });
});
