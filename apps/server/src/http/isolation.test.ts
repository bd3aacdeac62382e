// Every operation of the OpenAPI document, generated rather than listed: an endpoint added later is
// covered the day it is registered. For each one, a request is sampled from its parameters and
// request-body schema, with Acme Beverages' ids chosen by parameter name, and sent:
//   a. without a token: 401 unless the operation is public;
//   b. as the analyst (not an admin) on admin operations: 403;
//   c. as the viewer (a Karoo contact only): 403 or 404 when the request names Acme's rows, and
//      never Acme's data in the answer; then the same request as the owner answers 2xx, so the
//      refusal was about access and not a 400 (exceptions in NO_OWNER_2XX, each with its reason;
//      calls whose ids only select among the caller's own rows are in SELECTS_OWN_ROWS);
//   d. with hostile values in each parameter and body field in turn: never a 5xx, never a stack trace.
// A parameter the sampler does not know fails the test, naming the table to add it to.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID, defaultQuantities, encodeListingCursor, priceAgreement, type Access } from '@listening/contract';
import { createSession } from '../plugins/auth.ts';
import { insertFixture, type Fixture } from '../test/analytic-fixture.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';

type Schema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  format?: string;
  minLength?: number;
  $ref?: string;
};
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}
interface OpenApiOperation {
  'x-access'?: Access;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** An operation of the document, as the test drives it. */
interface Op {
  /** 'GET /crm/api/project/{id}/products': the key of the tables below. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  access: Access;
  parameters: Parameter[];
  body?: Schema;
}

interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}

/** A sampled, valid request: path and query values as sent (percent-encoded), the body as JSON. */
interface Plan {
  op: Op;
  path: Record<string, string>;
  query: [string, string][];
  body?: Record<string, unknown>;
  /** The request names at least one of Acme's rows. */
  tenant: boolean;
}

/** What the access checks expect of the owner's request where 2xx cannot hold. */
const NO_OWNER_2XX: Record<string, string> = {
  'POST /crm/api/user/password/set':
    'needs the one-time token of an emailed setup link (a sampled token answers 400), and with a real one would replace the analyst’s password and end their sessions',
  'POST /crm/api/user/login/back':
    'only an act-as session has a way back (any other answers 403); security.test.ts covers it from an act-as session and from an ordinary one',
  'PUT /api/board/{id}/background':
    'takes its image as multipart/form-data, which the sampler does not send (a request without a file answers 400); workflow/board.test.ts uploads real files as the owner and as another client',
  'POST /mentor/api/file/upload':
    'takes its file as multipart/form-data, which the sampler does not send (a request without a file answers 400); modules/mentor/mentor.test.ts uploads real files as an admin and as a contact',
  'POST /api/unsubscribe':
    'needs the signed token of a mail (a sampled token answers 400), and with a real one would remove a recipient; modules/alerts/alerts.test.ts unsubscribes with real tokens',
  // Linking accounts: this app has no OAuth client configured and no fakes (409 "… linking is not
  // configured on this server"), and the return calls need a state the provider sent back;
  // modules/access-tokens/access-tokens.test.ts runs them all against the local OAuth fakes.
  'POST /api/accesstoken/grant/start': 'answers 409 without an OAuth client configured; access-tokens.test.ts grants against the fakes',
  'POST /api/accesstoken/grant/link': 'answers 409 without an OAuth client configured; access-tokens.test.ts opens a real link',
  'GET /api/accesstoken/request/twitter/get': 'answers 409 without an OAuth client configured; access-tokens.test.ts starts X grants against the fakes',
  'GET /api/accesstoken/grant/open': 'needs a signed grant link (a sampled one answers 400); access-tokens.test.ts opens a real one',
  'POST /api/profile/save': 'needs a state the provider sent back (a sampled one answers 400); access-tokens.test.ts completes real grants',
  'POST /api/profile/save/v2': 'needs a state the provider sent back (a sampled one answers 400); access-tokens.test.ts completes real grants',
  'POST /api/profile/linkedin/pages/get': 'needs a state the provider sent back (a sampled one answers 400); access-tokens.test.ts completes real grants',
  'POST /api/profile/tiktok/save': 'needs a state the provider sent back (a sampled one answers 400); access-tokens.test.ts completes real grants',
  'POST /api/accesstoken/check': 'the sampled profile has no token (400) and a real one would call the network; access-tokens.test.ts checks granted tokens',
  'POST /api/linkedin/validate': 'the sampled profile has no token (400) and a real one would call LinkedIn; access-tokens.test.ts validates against the fakes',
  'POST /api/tiktok/validate': 'the sampled profile has no token (400) and a real one would call TikTok; access-tokens.test.ts validates against the fakes',
};

/**
 * Operations whose ids only select among the caller's own rows: another user's ids answer 2xx and
 * change nothing. The predicate says what "nothing" looks like.
 */
const SELECTS_OWN_ROWS: Record<string, { reason: string; nothingDone: (body: unknown) => boolean }> = {
  'PUT /api/notification/seen': {
    reason: "ids are matched against the caller's own notifications: another user's ids mark nothing",
    nothingDone: (body) => (body as { updated?: number }).updated === 0,
  },
};

/** A wizard submission for the client, requested by its contact, with the totals the server computes. */
function wizardSample(clientId: number, requestedById: number) {
  const Products = Object.entries(defaultQuantities()).map(([id, q]) => ({ ProductId: Number(id), Quantity: q }));
  const price = priceAgreement(Products);
  return {
    ProductTypeId: 1,
    ProjectType: 1,
    Agreement: {
      ClientId: clientId,
      RequestedById: requestedById,
      CancellationTypeId: 1,
      BillingTypeId: 3,
      PaymentTypeId: 2,
      StartDate: '2024-03-01',
      SendAgreementNow: false,
      Products,
      ProductListTotal: price.ProductListTotal,
      AgreementTotal: price.AgreementTotal,
    },
    Bin: { Name: 'Sampled wizard project' },
    ProjectSetup: { ProjectTypeId: 1, ProjectSubTypeId: 21 },
  };
}

/** Non-tenant values by parameter name: fixed, valid for every operation that takes them. */
const VALUES: Record<string, unknown> = {
  streamId: 7,
  streamIds: '7,8',
  favourabilityId: 1,
  binTypeId: 2,
  brandAssociationId: 1,
  startDate: '2024-03-01',
  endDate: '2024-03-02',
  // Influencer comparison's own name for startDate.
  fromDate: '2024-03-01',
  hourStart: '2024-03-01T10:00:00',
  Username: 'analyst@demo.example',
  Email: 'analyst@demo.example',
  email: 'analyst@demo.example',
  Password: 'demo-password',
  PasswordConfirm: 'demo-password',
  // The audit log's page cursor (entries older than this entry id): the newest page.
  before: MAX_ID,
  // A post added to an input bin by hand (outside the range the other reads use), and a file of one.
  datePosted: '2024-01-15 10:00',
  link: 'https://example.com/post/1',
  csv: 'Network,Author,Date,Text\r\nX,@sampler,2024-01-15 11:00,A post from a file\r\n',
  // A sub-bin's rules and a client's CPM change (the sampler's own values would name stream 1).
  rules: [{ kind: 'phrase', expression: 'sample' }],
  cpm: [{ streamId: 7, cpm: 35 }],
  // The clip listing's keyset: a cursor after every post, the newest snapshot, no post newer than it.
  cursor: `9999-12-31T00:00:00.000000Z,${MAX_ID}`,
  snapshotId: MAX_ID,
  newerThan: MAX_ID,
  // 'Select all', then rate: the rating to give (favourabilityId stays the listing's filter).
  newFavourabilityId: 1,
  // Deep dive's rail, period and items compared; the world map's (and the tray's) country.
  railType: 'hashtag',
  period: 'weekly',
  compare: '#acme,acme',
  countryCode: 'ZA',
  // A profile's details as accesstoken/save takes them.
  followerCount: 10,
  externalId: 'x-sampled',
};

/**
 * Parameters that are ids, by name (projectId, clipIds, id, IDUser) or by schema (the contract's
 * zId, an integer of at most MAX_ID, or a list of them): each must be a known Acme id or a VALUES entry.
 */
const looksLikeId = (name: string) => /^id/i.test(name) || /Ids?$/.test(name) || /^ids?$/i.test(name);
const isIdSchema = (s: Schema | undefined): boolean => !!s && ((s.type === 'integer' && s.maximum === MAX_ID) || (s.type === 'array' && isIdSchema(s.items)));

const HTTP_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);
const LONG = 'a'.repeat(100_000);
/**
 * A stack frame ('    at fn (file:1:2)'), or a source path, in an answer. Every repetition is
 * bounded: answers may echo a 100,000-character input, and an unbounded one backtracks for minutes.
 */
const STACK_TRACE =
  /\n\s{1,20}at\s|\bat\s[^\s()]{1,200}\s\([^)]{0,300}:\d+:\d+\)|[\w.-]{1,100}\.(?:ts|js|mjs|cjs):\d+|node_modules|\/(?:work|home|usr|app|src)\/[\w./-]{1,200}\.(?:ts|js)\b/;

describe('every operation: access, tenant isolation and hostile input', () => {
  let t: TestContext;
  let fx: Fixture;
  const ops: Op[] = [];
  const plans = new Map<string, Plan>();
  const problems: string[] = [];
  /** Acme's ids by parameter name. */
  let ACME_IDS: Record<string, unknown>;
  /** Per operation, values that differ from the general tables: `id` means a different row on each path. */
  let PER_PATH: Record<string, Record<string, unknown>>;
  let markers: string[] = [];
  const users: Record<'admin' | 'analyst' | 'viewer', number> = { admin: 0, analyst: 0, viewer: 0 };
  let requests = 0;
  const covered = new Set<string>();
  /** Operations whose owner's answer shows Acme's data: proof the markers are real. */
  const ownerSaw = new Set<string>();

  let nextAddress = 0;
  /**
   * Each request from its own address, so rate limits (5 a minute on public forms) never answer
   * instead of the route. An answer cut off mid-way (a stream that failed after its headers) counts
   * as a 5xx.
   */
  const inject = async (o: { method: string; url: string; headers?: Record<string, string>; payload?: string }): Promise<Answer> => {
    requests++;
    const n = ++nextAddress;
    const headers = { ...(o.headers ?? {}), ...(o.payload !== undefined && !o.headers?.['content-type'] ? { 'content-type': 'application/json' } : {}) };
    try {
      const res = await t.app.inject({
        method: o.method as 'GET',
        url: o.url,
        headers,
        ...(o.payload !== undefined ? { payload: o.payload } : {}),
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      });
      return { statusCode: res.statusCode, body: res.body, json: () => res.json() };
    } catch (err) {
      return { statusCode: 599, body: `the answer was cut off: ${String(err)}`, json: () => undefined };
    }
  };
  const token = async (who: keyof typeof users) => `Bearer ${await createSession(t.db, users[who])}`;

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    for (const who of ['admin', 'analyst', 'viewer'] as const)
      users[who] = (await t.db.selectFrom('users').select('id').where('email', '=', `${who}@demo.example`).executeTakeFirstOrThrow()).id;

    const acme = await t.db.selectFrom('clients').select(['id', 'name']).where('name', '=', 'Acme Beverages').executeTakeFirstOrThrow();
    const mzansi = await t.db.selectFrom('clients').select('name').where('name', '=', 'Mzansi Telecom').executeTakeFirstOrThrow();
    const acmeProjects = await t.db.selectFrom('projects').select(['id', 'description', 'bin_id']).where('client_id', '=', acme.id).execute();
    const acmeClips = await t.db
      .selectFrom('clips')
      .innerJoin('bin_clips', 'bin_clips.clip_id', 'clips.id')
      .select('clips.body')
      .where(
        'bin_clips.project_id',
        'in',
        acmeProjects.map((p) => p.id),
      )
      .distinct()
      .execute();
    const summer = acmeProjects.find((p) => p.id === t.projects['acme-summer'])!;
    const manualUploads = await t.db
      .selectFrom('bins')
      .select('id')
      .where('project_id', '=', fx.projectId)
      .where('bin_type_id', '=', 6)
      .executeTakeFirstOrThrow();
    const scratchBins: number[] = [];
    for (const name of ['Scratch', 'Doomed'])
      scratchBins.push(
        (
          await t.db
            .insertInto('bins')
            .values({ client_id: acme.id, project_id: fx.projectId, parent_id: fx.rootBinId, name, bin_type_id: 2 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    // Linked profiles of Acme's project (X, no token): one the access-token calls read and revoke, one to remove with its rule.
    const sampledProfile = await t.db
      .insertInto('profiles')
      .values({ project_id: fx.projectId, stream_id: 7, external_id: 'x-sampled', name: 'Sampled profile' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const doomedRule = await t.db
      .insertInto('bin_rules')
      .values({ bin_id: fx.rootBinId, kind: 'handle', expression: '@doomedprofile' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const doomedProfile = await t.db
      .insertInto('profiles')
      .values({ project_id: fx.projectId, stream_id: 7, external_id: 'x-doomed', name: 'Doomed profile', bin_rule_id: doomedRule.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Two more Acme contacts (not primary): one whose switch and details are saved, one to remove.
    const [spareContact, doomedContact] = await t.db
      .insertInto('users')
      .values([
        { email: 'spare.contact@acme.example', name: 'Spare', surname: 'Contact', phone: '021 555 0100' },
        { email: 'doomed.contact@acme.example', name: 'Doomed', surname: 'Contact', phone: '021 555 0100' },
      ])
      .returning('id')
      .execute();
    await t.db
      .insertInto('client_contacts')
      .values([spareContact, doomedContact].map((u) => ({ client_id: acme.id, user_id: u.id })))
      .execute();
    const notifications = await t.db.selectFrom('notifications').select('id').where('user_id', '=', users.analyst).orderBy('id').execute();
    const influencer = await t.db
      .insertInto('influencers')
      .values({ project_id: fx.projectId, author_id: fx.authors.alice, author_name: 'Alice', stream_id: 7 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Compared, never deleted (the entry above is deleted by influencer/delete).
    const compared = await t.db
      .insertInto('influencers')
      .values({ project_id: fx.projectId, author_id: fx.authors.bob, author_name: 'Bob', stream_id: 7 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Word bins and groups of Acme's: one to read and change, one to delete, of each.
    const wordBinDates = { start_date: new Date('2024-03-01T00:00:00Z'), stop_date: new Date('2024-04-01T00:00:00Z') };
    const [wordBin, doomedWordBin] = await t.db
      .insertInto('word_bins')
      .values(['Sampled list', 'Doomed list'].map((description) => ({ client_id: acme.id, project_id: fx.projectId, description, ...wordBinDates })))
      .returning('id')
      .execute();
    const [wordBinGroup, doomedWordBinGroup] = await t.db
      .insertInto('word_bin_groups')
      .values(['Sampled group', 'Doomed group'].map((description) => ({ client_id: acme.id, description })))
      .returning('id')
      .execute();
    // The sampled list's workflow board: its default group, a column to read and move a ticket to,
    // one to delete, a match of clip c1 as the ticket, and a background image to read back.
    const workflow = await t.db
      .insertInto('workflows')
      .values({ word_bin_id: wordBin.id, description: 'Sampled list' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [defaultColumn, sampledColumn, doomedColumn] = await t.db
      .insertInto('workflow_groups')
      .values(
        ['New', 'Sampled column', 'Doomed column'].map((description, position) => ({
          workflow_id: workflow.id,
          description,
          is_default: position === 0,
          position,
        })),
      )
      .returning('id')
      .execute();
    const ticket = await t.db.insertInto('word_bin_clips').values({ word_bin_id: wordBin.id, clip_id: fx.clip.c1 }).returning('id').executeTakeFirstOrThrow();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await t.db.insertInto('boards').values({ id: workflow.id, background: png, background_type: 'image/png' }).execute();
    // Alerts of Acme's alerting the analyst: one to unsubscribe the analyst from, one to delete.
    const analystAtAcme = await t.db
      .selectFrom('client_contacts')
      .select('id')
      .where('user_id', '=', users.analyst)
      .where('client_id', '=', acme.id)
      .executeTakeFirstOrThrow();
    const [sampledAlert, doomedAlert] = await t.db
      .insertInto('alerts')
      .values(
        ['Sampled alert', 'Doomed alert'].map((name) => ({ client_id: acme.id, project_id: fx.projectId, name, interval_minutes: 60, start_date: new Date() })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('alert_recipients')
      .values([sampledAlert, doomedAlert].map((a) => ({ alert_id: a.id, contact_id: analystAtAcme.id })))
      .execute();
    // Reports of Acme's sent to the analyst: one to read, change, generate and schedule, one to
    // delete; a generated request to download and send, one to regenerate, one to delete; a
    // schedule to change and one to delete.
    const reportValues = { client_id: acme.id, project_id: fx.projectId, layout_id: 3, template_ids: [3], stream_ids: [7, 8, 9] };
    const [sampledReport, doomedReport] = await t.db
      .insertInto('reports')
      .values(['Sampled report', 'Doomed report'].map((name) => ({ ...reportValues, name })))
      .returning('id')
      .execute();
    await t.db.insertInto('report_recipients').values({ report_id: sampledReport.id, contact_id: analystAtAcme.id }).execute();
    const [sampledGuid, regeneratedGuid, doomedGuid] = [randomUUID(), randomUUID(), randomUUID()];
    // Each request's stored file (report_files, its bytes in report_file_chunks), named by the request's guid.
    await t.db
      .insertInto('report_files')
      .values([sampledGuid, regeneratedGuid, doomedGuid].map((id) => ({ id, size: 8 })))
      .execute();
    await t.db
      .insertInto('report_file_chunks')
      .values([sampledGuid, regeneratedGuid, doomedGuid].map((file_id) => ({ file_id, seq: 0, data: new TextEncoder().encode('%PDF-1.7') })))
      .execute();
    await t.db
      .insertInto('report_requests')
      .values(
        [sampledGuid, regeneratedGuid, doomedGuid].map((guid) => ({
          guid,
          report_id: sampledReport.id,
          date_start: new Date('2024-03-01T00:00:00Z'),
          date_end: new Date('2024-03-02T00:00:00Z'),
          completed: true,
          file_id: guid,
          file_path: 'Sampled-report.pdf',
          file_size: 8,
          content_type: 'application/pdf',
        })),
      )
      .execute();
    const [sampledSchedule, doomedSchedule] = await t.db
      .insertInto('report_schedules')
      .values([1, 2].map((frequency_id) => ({ report_id: sampledReport.id, date_next_send: new Date('2099-01-01T06:00:00Z'), frequency_id })))
      .returning('id')
      .execute();
    // Mentor tutorials are the provider's help, no tenant's (every user reads them): a seeded one to
    // read, a draft to delete, and the analyst's own registration (seed/mentor.ts).
    const tutorial = await t.db.selectFrom('tutorials').select('id').where('title', '=', 'Workflow board').executeTakeFirstOrThrow();
    const tutorialVideo = await t.db
      .selectFrom('tutorial_attachments')
      .select('id')
      .where('tutorial_id', '=', tutorial.id)
      .where('kind', '=', 'video')
      .executeTakeFirstOrThrow();
    const doomedTutorial = await t.db.insertInto('tutorials').values({ platform_id: 1, title: 'Doomed tutorial' }).returning('id').executeTakeFirstOrThrow();
    const registration = await t.db.selectFrom('tutorial_contacts').select('id').where('user_id', '=', users.analyst).executeTakeFirstOrThrow();
    Object.assign(VALUES, {
      tutorialId: tutorial.id,
      tutorialVideoId: tutorialVideo.id,
      platformId: 1,
      fileName: 'listening-user-guide.pdf',
      pathName: '/client/1/project/1/reaction-lists',
    });

    // What the viewer must never read: Acme's (and the analyst's other client's) names, project
    // descriptions, the posts of its clips, and the analyst's address.
    markers = [acme.name, 'Acme', mzansi.name, ...acmeProjects.map((p) => p.description), ...acmeClips.map((c) => c.body.slice(0, 40)), 'analyst@demo.example'];

    ACME_IDS = {
      clientId: acme.id,
      projectId: fx.projectId,
      projectIds: [fx.projectId],
      binId: fx.productBinId,
      // The tree view's clips of a folder and its subfolder.
      binIds: [fx.productBinId],
      // A sub-bin created inside Product mentions.
      parentId: fx.productBinId,
      clipIds: [fx.clip.c1, fx.clip.c3],
      binClipBaseIds: [fx.root.c1, fx.root.c3],
      authorId: fx.authors.bob,
      authorIds: [fx.authors.bob, fx.authors.alice],
      contactId: users.analyst,
      IDUser: users.analyst,
      ids: notifications.map((n) => n.id),
      profileId: sampledProfile.id,
      binRuleId: doomedRule.id,
    };
    // A word bin's settings as save and update take them (its Id is the list updated; save ignores it).
    const wordBinBody = {
      ProjectId: fx.projectId,
      ClientId: acme.id,
      WordBinGroupId: null,
      WordBinTypeId: 1,
      NotificationInterval: 60,
      SentimentId: 0,
      LanguageId: 0,
      StartDate: '2024-03-01T00:00:00Z',
      StopDate: '2024-04-01T00:00:00Z',
      Keywords: [{ Value: 'sample', OperatorId: 1 }],
    };
    PER_PATH = {
      'GET /crm/api/project/{id}/products': { id: fx.projectId },
      // The live event stream, ended right after its first event (it would stay open 5 minutes).
      'GET /api/events': { seconds: 0 },
      'GET /api/user/get': { id: users.analyst },
      'DELETE /api/notification/delete': { id: notifications[0].id },
      'DELETE /api/influencer/delete': { id: influencer.id },
      // Acme's influencer entry, compared (a comma list of entry ids).
      'GET /api/influencercomparison/get': { influencers: String(compared.id) },
      // Acme's summer campaign, not the project the other reads use: deleting is undone (isDeleted=false), renaming keeps the name.
      'PUT /keywords/api/bins/isdeleted': { id: summer.bin_id, isDeleted: 'false' },
      'PUT /keywords/api/bins/updatename': { binId: summer.bin_id, binName: summer.description },
      // Competitors are whole projects named by their root bin: Acme's campaign is added, FizzCo (seeded) removed.
      'POST /api/competitor/add': { projectId: fx.projectId, binId: summer.bin_id },
      'DELETE /api/competitor/delete': { projectId: fx.projectId, binId: acmeProjects.find((p) => p.id === t.projects['fizzco'])!.bin_id },
      // A clip outside the range the other reads use, so rejecting it changes none of their answers.
      'PUT /api/clip/reject': { binClipBaseIds: [fx.root.c5] },
      // Sub-bins: a bin of Acme's to rename, one to delete (not the bin the other reads use), and its input bin for posts.
      'PUT /api/subfolder/rename': { binId: scratchBins[0], name: 'Scratch' },
      'PUT /api/subfolder/rules': { binId: scratchBins[0] },
      'DELETE /api/subfolder/delete': { binId: scratchBins[1] },
      'POST /api/subfolder/post/add': { binId: manualUploads.id },
      'POST /api/subfolder/post/upload': { binId: manualUploads.id },
      // Post Listing's page cursor: the page after the newest possible post (the first page).
      'GET /api/listing/posts': { after: encodeListingCursor({ sort: 'newest', postedAt: '9999-12-31T00:00:00.000Z', id: MAX_ID }) },
      // Mzansi Telecom (the analyst's other client) owns Sentiment only: Deep Dive is a locked product there.
      'POST /api/product/request': { projectId: t.projects['mzansi-hashtag'], product: 'DeepDive' },
      // Word bins: Acme's list to read, change and group, another to delete; a group to list and one to delete.
      'GET /api/wordbins/getall': { wordBinTypeId: 1 },
      'GET /api/wordbins/get': { id: wordBin.id },
      'GET /api/wordbins/logs': { id: wordBin.id },
      'DELETE /api/wordbins/delete': { id: doomedWordBin.id },
      'GET /api/wordbins/group/getfromgroup/{id}': { id: wordBinGroup.id },
      'DELETE /api/group/delete': { id: doomedWordBinGroup.id },
      'POST /api/group/add/{wordBinId}/{groupId}': { wordBinId: wordBin.id, groupId: wordBinGroup.id },
      'POST /api/wordbins/save': { ...wordBinBody, Id: wordBin.id },
      'PUT /api/wordbins/update': { ...wordBinBody, Id: wordBin.id },
      // Alerts: one saved to the analyst, Acme's doomed alert deleted, the analyst unsubscribed from the sampled one.
      'POST /api/alert/save': { name: 'Sampled alert', recipientIds: String(analystAtAcme.id), interval: 15 },
      'DELETE /api/alert/{id}': { id: doomedAlert.id },
      'DELETE /api/report/contact/notification/unsubscribe': { reportId: sampledAlert.id, reportType: 3 },
      // Reports: Acme's sampled report read, saved as it is, generated and scheduled; the doomed one deleted.
      'GET /api/report/{id}': { id: sampledReport.id },
      'DELETE /api/report/{id}': { id: doomedReport.id },
      'POST /api/report/create': {
        Id: sampledReport.id,
        ProjectId: fx.projectId,
        Name: 'Sampled report',
        Kind: 'stats',
        LayoutId: 3,
        TemplateIds: [3],
        StreamIds: [7, 8, 9],
        BinIds: [fx.productBinId],
        RecipientIds: [analystAtAcme.id],
      },
      'POST /api/report/generate': { ReportId: sampledReport.id, DateStart: '2024-03-01T00:00:00', DateEnd: '2024-03-02T23:59:59' },
      'POST /api/report/listing/generate': { ReportId: sampledReport.id, DateStart: '2024-03-01T00:00:00', DateEnd: '2024-03-02T23:59:59' },
      'GET /api/report/log/client/{id}': { id: acme.id },
      'GET /api/report/log/project/{id}': { id: fx.projectId },
      'GET /api/report/log/contact/{id}': { id: analystAtAcme.id },
      'GET /api/report/download/{guid}': { guid: sampledGuid },
      'GET /api/report/download/{guid}/file': { guid: sampledGuid },
      'POST /api/report/send/{guid}': { guid: sampledGuid },
      'POST /api/report/regenerate/{guid}': { guid: regeneratedGuid },
      'DELETE /api/report/log/{guid}': { guid: doomedGuid },
      'POST /api/report/schedule': { ReportId: sampledReport.id, DateNextSend: '2099-01-01T08:00:00', FrequencyId: 1 },
      'PUT /api/report/schedule/update': { Id: sampledSchedule.id, DateNextSend: '2099-01-01T08:00:00', FrequencyId: 2 },
      'DELETE /api/report/schedule/{id}': { id: doomedSchedule.id },
      // The workflow board: Acme's sampled list, its columns (the default set again changes nothing), a ticket, the board.
      'GET /api/workflow/get/wordbin/': { wordBinId: wordBin.id },
      'GET /api/workflow/group/getall': { workflowId: workflow.id },
      'GET /api/workflow/clip/getall': { groupId: sampledColumn.id, from: '2020/01/01', to: '2030/01/01', projectId: fx.projectId },
      'POST /api/workflow/create': { wordBinId: wordBin.id, name: 'Sampled new column' },
      'PUT /api/workflow/group/update': { workflowGroupId: sampledColumn.id, name: 'Sampled column' },
      'DELETE /api/workflow/delete': { workFlowId: doomedColumn.id },
      'PUT /api/workflow/group/default': { workflowId: workflow.id, workflowGroupId: defaultColumn.id },
      'PUT /api/workflow/clip/update': { workflowClipId: Number(ticket.id), groupId: sampledColumn.id },
      'GET /api/board/{id}': { id: workflow.id },
      'GET /api/board/{id}/background': { id: workflow.id },
      'PUT /api/board/{id}/background': { id: workflow.id },
      // Contacts (issue 20): the spare contact switched on (as it is) and saved as it is, the doomed one removed, a new one added.
      'POST /crm/api/contact/active': { contactId: spareContact.id, isActive: 'true' },
      'DELETE /crm/api/contact/remove': { contactId: doomedContact.id },
      'POST /crm/api/contact': { Name: 'Sampled', Surname: 'Contact', Email: 'sampled.contact@acme.example', Phone: '021 555 0100' },
      'POST /crm/api/contact/save': {
        Id: spareContact.id,
        ClientId: acme.id,
        Name: 'Spare',
        Surname: 'Contact',
        Email: 'spare.contact@acme.example',
        Phone: '021 555 0100',
      },
      'POST /crm/api/clientcontact/save': { ClientId: acme.id, ContactId: spareContact.id, IsActive: true, IsPrimary: false },
      // The wizard (admins): Acme's account options, and an agreement with its project, priced as the server prices it.
      'GET /crm/api/agreement/dropdowns/populate/short/{id}': { id: acme.id },
      'POST /crm/api/agreement/save/project': wizardSample(acme.id, users.analyst),
      'GET /crm/api/projecttype/getall': { parentId: 8 },
      'POST /crm/api/productlist/populate/full': { currencyId: 'ZAR', parent: 0 },
      // Mentor: the analyst's own registration moved and completed, a draft deleted, a new draft saved (no files).
      'PUT /mentor/api/tutorialcontact/update': { tutorialContactId: registration.id, stepNumber: 1 },
      'PUT /mentor/api/update/complete': { id: registration.id },
      'DELETE /mentor/api/tutorial/delete': { tutorialId: doomedTutorial.id },
      'POST /mentor/api/tutorial/save': { Id: null, PlatformId: 1, PageLocation: null, Documents: [], Videos: [] },
      // Access tokens: a profile's details saved without a token (a token would be checked with the network).
      'POST /api/accesstoken/save': { profileId: sampledProfile.id, access_token: undefined, access_token_secret: undefined },
      'DELETE /api/profile/delete': { profileId: doomedProfile.id, binRuleId: doomedRule.id },
    };

    const doc = t.app.swagger() as unknown as OpenApiDoc;
    const resolve = (s: Schema | undefined): Schema | undefined => {
      if (!s?.$ref) return s;
      const name = s.$ref.split('/').pop()!;
      return resolve(doc.components?.schemas?.[name]);
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path === '/docs' || path.startsWith('/docs/')) continue;
      for (const [method, raw] of Object.entries(item)) {
        if (!HTTP_METHODS.has(method)) continue;
        const op: Op = {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as Op['method'],
          path,
          access: raw['x-access'] as Access,
          parameters: (raw.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) ?? {} })),
          body: resolve(raw.requestBody?.content?.['application/json']?.schema),
        };
        ops.push(op);
        if (!['public', 'user', 'admin'].includes(op.access)) {
          problems.push(`${op.key}: x-access is ${JSON.stringify(op.access)}; every operation must declare public, user or admin`);
          continue;
        }
        const plan = planFor(op, resolve);
        if (plan) plans.set(op.key, plan);
      }
    }
    for (const key of [...Object.keys(NO_OWNER_2XX), ...Object.keys(SELECTS_OWN_ROWS), ...Object.keys(PER_PATH)])
      if (!ops.some((o) => o.key === key))
        problems.push(`${key} is named in a table of isolation.test.ts but is not an operation of the document: remove or rename it`);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A valid value of a schema, where no table names one. */
  function sampleSchema(s: Schema | undefined, resolve: (s: Schema | undefined) => Schema | undefined): unknown {
    s = resolve(s);
    if (!s) return 'sample';
    if (s.default !== undefined) return s.default;
    if (s.enum?.length) return s.enum[0];
    const alt = s.anyOf ?? s.oneOf;
    if (alt?.length) return sampleSchema(alt.find((a) => resolve(a)?.type !== 'null') ?? alt[0], resolve);
    if (s.allOf?.length) return sampleSchema(s.allOf[0], resolve);
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    switch (type) {
      case 'boolean':
        return false;
      case 'integer':
      case 'number': {
        if (typeof s.exclusiveMinimum === 'number') return Math.floor(s.exclusiveMinimum) + 1;
        if (typeof s.minimum === 'number') return s.exclusiveMinimum === true ? Math.floor(s.minimum) + 1 : s.minimum;
        return typeof s.maximum === 'number' ? Math.min(1, s.maximum) : 1;
      }
      case 'array':
        return [sampleSchema(s.items, resolve)];
      case 'object':
        return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleSchema(v, resolve)]));
      case 'null':
        return null;
      default:
        if (s.format === 'email') return 'someone@example.com';
        if (s.format === 'date-time') return '2024-03-01T10:00:00Z';
        if (s.format === 'date') return '2024-03-01';
        return 'sample'.padEnd(s.minLength ?? 0, 'x');
    }
  }

  /** A value as the schema takes it: an id list joined with commas in a string, a scalar wrapped in an array. */
  function fit(value: unknown, s: Schema | undefined): unknown {
    const type = Array.isArray(s?.type) ? s.type.find((x) => x !== 'null') : s?.type;
    if (Array.isArray(value) && (type === 'string' || type === undefined)) return value.join(',');
    if (Array.isArray(value) && (type === 'integer' || type === 'number')) return value[0];
    if (!Array.isArray(value) && type === 'array') return [value];
    return value;
  }

  /**
   * A valid request of the operation, or undefined with the missing table entries in `problems`.
   * Tenant ids come from PER_PATH (for this operation) or ACME_IDS (by name); other values from
   * PER_PATH, VALUES or the schema. A name that reads as an id and is in neither is a failure.
   */
  function planFor(op: Op, resolve: (s: Schema | undefined) => Schema | undefined): Plan | undefined {
    let tenant = false;
    let complete = true;
    const valueOf = (name: string, where: string, schema: Schema | undefined): unknown => {
      const isId = looksLikeId(name) || isIdSchema(resolve(schema));
      const perPath = PER_PATH[op.key];
      if (perPath && name in perPath) {
        if (isId) tenant = true;
        return fit(perPath[name], schema);
      }
      if (name === 'id') {
        complete = false;
        problems.push(
          `${op.key}: parameter 'id' (${where}) means a different row on each path: add '${op.key}': { id: <the id of an Acme row> } to PER_PATH in isolation.test.ts`,
        );
        return undefined;
      }
      if (name in ACME_IDS) {
        tenant = true;
        return fit(ACME_IDS[name], schema);
      }
      if (name in VALUES) return fit(VALUES[name], schema);
      if (isId) {
        complete = false;
        problems.push(
          `${op.key}: parameter '${name}' (${where}) is not known to the sampler: add '${name}' to ACME_IDS in isolation.test.ts with the id of one of Acme's rows (or to VALUES if it names no tenant's data)`,
        );
        return undefined;
      }
      return sampleSchema(schema, resolve);
    };
    const path: Record<string, string> = {};
    const query: [string, string][] = [];
    for (const p of op.parameters) {
      if (p.in === 'header' || p.in === 'cookie') continue;
      const v = valueOf(p.name, p.in, p.schema);
      if (p.in === 'path') path[p.name] = encodeURIComponent(String(v));
      else query.push([p.name, encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))]);
    }
    let body: Record<string, unknown> | undefined;
    if (op.body) {
      body = {};
      for (const [name, s] of Object.entries(op.body.properties ?? {})) body[name] = valueOf(name, 'body', resolve(s));
    }
    return complete ? { op, path, query, body, tenant } : undefined;
  }

  /** The URL of a plan, with one path or query value replaced (already encoded) or a query parameter sent twice. */
  function urlOf(plan: Plan, change?: { name: string; raw: string } | { twice: string }): string {
    const path = plan.op.path.replace(/\{(\w+)\}/g, (_, name: string) => (change && 'raw' in change && change.name === name ? change.raw : plan.path[name]));
    const parts: string[] = [];
    for (const [name, value] of plan.query) {
      if (change && 'raw' in change && change.name === name) parts.push(`${name}=${change.raw}`);
      else parts.push(`${name}=${value}`);
      if (change && 'twice' in change && change.twice === name) parts.push(`${name}=${value}`);
    }
    return parts.length ? `${path}?${parts.join('&')}` : path;
  }

  const send = (plan: Plan, authorization?: string) =>
    inject({
      method: plan.op.method,
      url: urlOf(plan),
      headers: authorization ? { authorization } : {},
      ...(plan.body ? { payload: JSON.stringify(plan.body) } : {}),
    });

  const leaked = (body: string) => markers.filter((m) => body.toLowerCase().includes(m.toLowerCase()));
  const show = (res: { statusCode: number; body: string }) => `${res.statusCode} ${res.body.slice(0, 300)}`;

  it('knows a valid value for every parameter of every operation', () => {
    expect(ops.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('answers 401 without a token, 403 to non-admins on admin operations, and never Acme’s data to another client’s user', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const plan = plans.get(op.key);
      if (!plan) continue;
      const owner = await token(op.access === 'admin' ? 'admin' : 'analyst');
      const viewer = await token('viewer');
      const check = (who: string, res: { statusCode: number; body: string }) => {
        if (res.statusCode >= 500) failures.push(`${op.key} as ${who}: ${show(res)}`);
        if (STACK_TRACE.test(res.body)) failures.push(`${op.key} as ${who}: a stack trace in the answer: ${show(res)}`);
      };

      // a. No token.
      const anonymous = await send(plan);
      check('nobody', anonymous);
      if (op.access !== 'public' && anonymous.statusCode !== 401) failures.push(`${op.key} without a token: expected 401, got ${show(anonymous)}`);

      // b. The analyst on an admin operation.
      if (op.access === 'admin') {
        const res = await send(plan, await token('analyst'));
        check('analyst', res);
        if (res.statusCode !== 403) failures.push(`${op.key} as the analyst (not an admin): expected 403, got ${show(res)}`);
      }

      // c. The viewer, a contact of another client, with Acme's ids.
      const res = await send(plan, viewer);
      check('viewer', res);
      const leaks = leaked(res.body);
      if (leaks.length) failures.push(`${op.key} as the viewer: the answer holds Acme's data (${leaks.join(', ')}): ${show(res)}`);
      const ownRows = SELECTS_OWN_ROWS[op.key];
      if (ownRows) {
        if (res.statusCode >= 300 || !ownRows.nothingDone(res.json()))
          failures.push(`${op.key} as the viewer with Acme's ids: expected 2xx doing nothing (${ownRows.reason}), got ${show(res)}`);
      } else if (plan.tenant && op.access !== 'public' && res.statusCode !== 403 && res.statusCode !== 404) {
        failures.push(`${op.key} as the viewer with Acme's ids: expected 403 or 404, got ${show(res)}`);
      }

      // The owner's same request succeeds, so the refusal above was about access.
      const mine = await send(plan, owner);
      check('owner', mine);
      if (leaked(mine.body).length) ownerSaw.add(op.key);
      if (!NO_OWNER_2XX[op.key] && (mine.statusCode < 200 || mine.statusCode >= 300))
        failures.push(`${op.key} as the owner (${op.access === 'admin' ? 'admin' : 'analyst'}): expected 2xx for the sampled request, got ${show(mine)}`);
      covered.add(op.key);
    }
    expect(failures).toEqual([]);
    // The viewer's answers were searched for something the owner's answers do show.
    expect(ownerSaw.size).toBeGreaterThan(5);
  });

  it('answers hostile input with 4xx, never 5xx nor a stack trace', async () => {
    const enc = encodeURIComponent;
    /** Values as they appear in a URL (already percent-encoded). */
    const HOSTILE_URL: [string, string][] = [
      ['letters', 'abc'],
      ['empty', ''],
      ['NUL byte', 'a%00b'],
      ['lone high surrogate (%ED%A0%80)', '%ED%A0%80'],
      ['lone low surrogate (%ED%B0%80)', '%ED%B0%80'],
      ['truncated UTF-8', '%E0%A4'],
      ['100,000 characters', LONG],
      ['2^31', '2147483648'],
      ['2^53+1', '9007199254740993'],
      ['-1', '-1'],
      ['0', '0'],
      ['1e308', '1e308'],
      ['NaN', 'NaN'],
      ['Infinity', 'Infinity'],
      ['hex', '0x10'],
      ['fraction', '1.5'],
      ['id list with 2^31', enc('1,2147483648')],
      ['date 275760-09-13', '275760-09-13'],
      ['date -005000-01-01', '-005000-01-01'],
      ['date +275760-09-13T00:00:00Z', enc('+275760-09-13T00:00:00Z')],
      ['date 0000-01-01', '0000-01-01'],
      ['date 2024-02-30', '2024-02-30'],
      ['path traversal', enc('../../etc/passwd')],
      ['encoded traversal', '%2e%2e%2f'],
      ['double-encoded traversal', '%252e%252e%252f'],
      ['SQL', enc("1' OR '1'='1")],
      ['JSON', enc('{"$gt":""}')],
    ];
    /** Values as they appear in a JSON body (raw JSON text). */
    const HOSTILE_JSON: [string, string][] = [
      ['letters', '"abc"'],
      ['empty string', '""'],
      ['number', '12345'],
      ['boolean', 'true'],
      ['null', 'null'],
      ['object', '{"a":1}'],
      ['NUL byte', '"a\\u0000b"'],
      ['lone high surrogate', '"\\ud800"'],
      ['lone low surrogate', '"x\\udc00"'],
      ['100,000 characters', JSON.stringify(LONG)],
      ['2^31', '2147483648'],
      ['2^53+1', '9007199254740993'],
      ['-1', '-1'],
      ['0', '0'],
      ['1e308', '1e308'],
      ['1e400 (Infinity)', '1e400'],
      ['fraction', '1.5'],
      ['NaN string', '"NaN"'],
      ['numeric string 2^31', '"2147483648"'],
      ['id list with 2^31', '"1,2147483648"'],
      ['date 275760-09-13', '"275760-09-13"'],
      ['date -005000-01-01', '"-005000-01-01"'],
      ['date 0000-01-01', '"0000-01-01"'],
      ['path traversal', '"../../etc/passwd"'],
      ['encoded traversal', '"%2e%2e%2f"'],
      ['array of 2^31', '[2147483648]'],
      ['array of NUL', '["\\u0000"]'],
      ['array of lone surrogate', '["\\ud800"]'],
      ['array of 100,000 ids', `[${Array.from({ length: 100_000 }, (_, i) => i + 1).join(',')}]`],
      ['nested 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ];
    /** Whole bodies. */
    const HOSTILE_BODIES: [string, string, string?][] = [
      ['not JSON', '{"a":'],
      ['a list', '[]'],
      ['null', 'null'],
      ['a string', '"text"'],
      ['__proto__', '{"__proto__":{"isAdmin":true}}'],
      ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
      ['NUL in a field name', '{"a\\u0000":1}'],
      ['nested 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
      ['text/plain', 'hello', 'text/plain'],
    ];

    const analyst = await token('analyst');
    const admin = await token('admin');
    const jobs: { label: string; request: Parameters<typeof inject>[0] }[] = [];
    for (const op of ops) {
      const plan = plans.get(op.key);
      if (!plan) continue;
      const authorization = op.access === 'admin' ? admin : analyst;
      const body = plan.body ? JSON.stringify(plan.body) : undefined;
      const base = { method: op.method, headers: { authorization }, ...(body !== undefined ? { payload: body } : {}) };
      for (const name of [...Object.keys(plan.path), ...plan.query.map(([n]) => n)]) {
        for (const [label, raw] of HOSTILE_URL) jobs.push({ label: `${op.key} ${name}=${label}`, request: { ...base, url: urlOf(plan, { name, raw }) } });
        if (plan.query.some(([n]) => n === name))
          jobs.push({ label: `${op.key} ${name} sent twice (a list)`, request: { ...base, url: urlOf(plan, { twice: name }) } });
      }
      if (plan.body) {
        const url = urlOf(plan);
        for (const [name, valid] of Object.entries(plan.body)) {
          const SENTINEL = '"__HOSTILE__"';
          const withValue = (raw: string) => JSON.stringify({ ...plan.body, [name]: '__HOSTILE__' }).replace(SENTINEL, () => raw);
          for (const [label, raw] of HOSTILE_JSON) jobs.push({ label: `${op.key} body.${name}=${label}`, request: { ...base, url, payload: withValue(raw) } });
          jobs.push({ label: `${op.key} body.${name} as a list`, request: { ...base, url, payload: withValue(JSON.stringify([valid])) } });
          if (Array.isArray(valid) && valid.length)
            jobs.push({ label: `${op.key} body.${name} as a scalar`, request: { ...base, url, payload: withValue(JSON.stringify(valid[0])) } });
        }
        for (const [label, payload, type] of HOSTILE_BODIES)
          jobs.push({
            label: `${op.key} body ${label}`,
            request: { ...base, url, payload, headers: { authorization, 'content-type': type ?? 'application/json' } },
          });
      }
    }

    const failures: string[] = [];
    const BATCH = 16;
    for (let i = 0; i < jobs.length; i += BATCH) {
      const batch = jobs.slice(i, i + BATCH);
      const answers = await Promise.all(batch.map((j) => inject(j.request)));
      answers.forEach((res, k) => {
        const { label } = batch[k];
        if (res.statusCode >= 500) failures.push(`${label}: ${show(res)}`);
        else if (STACK_TRACE.test(res.body)) failures.push(`${label}: a stack trace in the answer: ${show(res)}`);
        else if (res.statusCode >= 400) {
          const message = (() => {
            try {
              return (res.json() as { message?: unknown }).message;
            } catch {
              return undefined;
            }
          })();
          if (typeof message !== 'string' || !message) failures.push(`${label}: ${res.statusCode} without a message: ${show(res)}`);
        }
      });
    }
    console.log(`hostile input: ${jobs.length} requests`);
    expect(failures).toEqual([]);
    // Thousands of requests, growing with every operation: more than the default 30 s on a busy 2-core machine.
  }, 300_000);

  it('covered every operation of the document', () => {
    console.log(`isolation: covered ${covered.size} of ${ops.length} operations with ${requests} requests`);
    expect(covered.size).toBe(ops.length);
  });
});
