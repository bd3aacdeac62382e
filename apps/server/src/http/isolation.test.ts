// Every operation of the OpenAPI document, generated rather than listed: an endpoint added later is
// covered the day it is registered. For each one, a request is sampled from its parameters and
// request-body schema, with Acme Beverages' ids chosen by parameter name, and sent:
//   a. without a token: 401 unless the operation is public;
//   b. as the analyst (not an admin) on admin operations: 403;
//   c. as the viewer (a Karoo contact only): 403 or 404 when the request names Acme's rows, and
//      never Acme's data in the answer; then the same request as the owner answers 2xx, so the
//      refusal was about access and not a 400 (exceptions in NO_OWNER_2XX, each with its reason;
//      calls whose ids only select among the caller's own rows are in SELECTS_OWN_ROWS);
//   d. with hostile values in each parameter and body field in turn: never a 5xx, never a stack trace;
//   e. as the viewer with Karoo's own ids (KAROO_IDS), but another client's person in each field that
//      names a person (an email, a user id, a contact id, a tutorial registration): as PEOPLE expects
//      of that operation, and never that person's details in the answer nor any change to their
//      account, sessions, links, setup links, recipients rows or mail (test/people-state.ts).
// A parameter the sampler does not know fails the test, naming the table to add it to; so does a
// field that reads as a person's (PERSON_FIELD) on an operation PEOPLE does not classify.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID, defaultQuantities, encodeListingCursor, priceAgreement, type Access } from '@listening/contract';
import { createSession } from '../plugins/auth.ts';
import { insertFixture, type Fixture } from '../test/analytic-fixture.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { describeChange, personChanges, personRows, restorePersonRows, type RowChange } from '../test/people-state.ts';

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
  'POST /crm/api/invitation/open': 'needs the token of an emailed invitation (a sampled token answers 400); modules/contacts/takeover.test.ts opens real ones',
  'POST /crm/api/invitation/accept/password':
    'needs the token of an emailed invitation (a sampled token answers 400), and with a real one would create an account; modules/contacts/takeover.test.ts accepts real ones',
  'POST /crm/api/user/email/confirm':
    'needs the token mailed to the old address (a sampled token answers 400), and with a real one would change the account’s email; modules/contacts/takeover.test.ts confirms real ones',
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

/**
 * What a field names: an address, a users row, a client_contacts row, a tutorial registration, an
 * invitation addressed to the person (from any client, the caller's included), or one that another
 * client sent the person.
 */
type PersonKind = 'email' | 'userId' | 'contactId' | 'registrationId' | 'theirInvitation' | 'otherClientsInvitation';
/**
 * What another client's person in the field must get: 'refused', a 4xx; 'harmless', 2xx or 4xx;
 * 'invitation', the answer a new address gets, the typed email in place. In every case the answer
 * shows nothing of the person beyond what the caller typed, and nothing of theirs changes.
 */
type PersonExpect = 'refused' | 'harmless' | 'invitation';
interface PersonOp {
  reason: string;
  /**
   * The fields that name a person, by path (`Recipients[].ContactId`: a field of every item), with
   * what they take and expect, and the values of other fields sent with them, one request each,
   * where those differ from KAROO_PER_PATH's.
   */
  people: Record<string, [PersonKind, PersonExpect, Record<string, unknown>[]?]>;
  /** Also tried after the viewer added the person's email to Karoo, the first step of the finding (docs/security.md). */
  afterInvite?: true;
  /** The person's own password-setup link may be made and mailed to the person: Forgot password does exactly that for any address. */
  mailsTheirResetLink?: true;
  /** Why the same request naming Karoo's own person (KAROO_PER_PATH) does not answer 2xx. */
  ownNot2xx?: string;
}

/**
 * Every operation that takes a person, and what it must do with another client's. A field that
 * reads as a person's (PERSON_FIELD, or a bare id on a path about people) of an operation not
 * listed here fails the test: classify it, with the reason.
 */
const PEOPLE: Record<string, PersonOp> = {
  'POST /crm/api/user/login': {
    reason: 'signs in the owner of the address with their password: a wrong one answers 401 as for any address',
    people: { Username: ['email', 'refused'] },
    ownNot2xx: 'the sampled password is wrong on purpose (401)',
  },
  'POST /crm/api/user/login/id': {
    reason: 'act-as is for administrators only (403)',
    people: { contactId: ['userId', 'refused'] },
    ownNot2xx: 'administrators only (403)',
  },
  'POST /crm/api/user/password/set': {
    reason: 'needs the one-time token mailed to the person: a sampled token answers 400, whoever the id',
    people: { IDUser: ['userId', 'refused'] },
    ownNot2xx: 'needs a mailed token (400)',
  },
  'GET /api/user/get': {
    reason: 'another user is read by administrators only (403)',
    people: { id: ['userId', 'refused'] },
  },
  'POST /api/user/forgotpassword': {
    reason: 'anyone may ask for any address: the link goes to that address only, and the answer is the same for every address',
    people: { email: ['email', 'harmless'] },
    mailsTheirResetLink: true,
  },
  'POST /api/user/get/email': {
    reason: 'finding a user by email is for administrators only (403)',
    people: { Email: ['email', 'refused'] },
    ownNot2xx: 'administrators only (403)',
  },
  'POST /api/contact/submit': {
    reason: 'the public contact form: the message goes to the focal-point address, never to the address typed',
    people: { EmailAddress: ['email', 'harmless'] },
  },
  'POST /crm/api/contact/active': {
    reason: 'switches a contact of this client only: 404 for anyone else, invited or not',
    people: { contactId: ['userId', 'refused'] },
    afterInvite: true,
  },
  'DELETE /crm/api/contact/remove': {
    reason: 'removes a contact of this client only: 404 for anyone else, invited or not',
    people: { contactId: ['userId', 'refused'] },
    afterInvite: true,
  },
  'POST /crm/api/contact': {
    reason:
      'adding an email only invites it: a new, an existing or an administrator’s address get the same answer, echoing what was typed; the account joins when its owner accepts',
    people: { Email: ['email', 'invitation'] },
  },
  'POST /crm/api/contact/save': {
    reason:
      'changes the details of a contact of this client only: 403 or 404 for a person who is not only its contact, invited or not; an address of another account is refused or waits for the old address to confirm',
    // The finding's second step: the person's id with a new address of the caller's.
    people: { Id: ['userId', 'refused', [{ Email: 'new.address@karoo.example' }]], Email: ['email', 'harmless'] },
    afterInvite: true,
  },
  'DELETE /crm/api/contact/invitation': {
    reason: 'withdraws an invitation of this client only: 404 for another client’s',
    people: { invitationId: ['otherClientsInvitation', 'refused'] },
  },
  'POST /crm/api/invitation/answer': {
    reason: 'an invitation is answered by its invitee only, signed in as themselves: 404 for anyone else’s, even one the caller’s own client sent',
    people: { Id: ['theirInvitation', 'refused', [{ Accept: true }, { Accept: false }]] },
  },
  'POST /crm/api/clientcontact/save': {
    reason: 'changes the link of a contact of this client only: 404 for anyone else, invited or not',
    people: { ContactId: ['userId', 'refused'] },
    afterInvite: true,
  },
  'POST /crm/api/agreement/save/project': {
    reason: 'the wizard is for administrators only (403); it takes the requester among the client’s active contacts',
    people: { 'Agreement.RequestedById': ['userId', 'refused'] },
    ownNot2xx: 'administrators only (403)',
  },
  'POST /api/wordbins/save': {
    reason: 'recipients must be active contacts of the word bin’s client (400)',
    people: { 'Recipients[].ContactId': ['contactId', 'refused'] },
  },
  'PUT /api/wordbins/update': {
    reason: 'recipients must be active contacts of the word bin’s client (400)',
    people: { 'Recipients[].ContactId': ['contactId', 'refused'] },
  },
  'POST /api/report/create': {
    reason: 'recipients must be active contacts of the report’s client (400)',
    people: { RecipientIds: ['contactId', 'refused'] },
  },
  'GET /api/report/log/contact/{id}': {
    reason: 'a contact’s report log is read through the contact’s client: 404 for another client’s contact',
    people: { id: ['contactId', 'refused'] },
  },
  'POST /api/narratives/queries': {
    reason: 'recipients of a saved query’s alert must be active contacts of the project’s client (400)',
    people: { RecipientIds: ['contactId', 'refused'] },
  },
  'PUT /api/narratives/queries/{id}': {
    reason: 'recipients of a saved query’s alert must be active contacts of the project’s client (400)',
    people: { RecipientIds: ['contactId', 'refused'] },
  },
  'POST /api/alert/save': {
    reason: 'recipients must be active contacts of the project’s client (400)',
    people: { recipientIds: ['contactId', 'refused'] },
  },
  'PUT /api/responses/alert': {
    reason: 'the Response alert’s recipients must be active contacts of the project’s client (400)',
    people: { recipientIds: ['contactId', 'refused'] },
  },
  'GET /mentor/api/tutorialcontact/get': {
    reason: 'tutorial progress is the person’s own (administrators read anyone’s): 404',
    people: { contactId: ['userId', 'refused'] },
  },
  'POST /mentor/api/insertRegistration': {
    reason: 'a user registers only themselves: 404 for another id',
    people: { contactId: ['userId', 'refused'] },
  },
  'PUT /mentor/api/tutorialcontact/update': {
    reason: 'a registration is moved by its own user only: 404',
    people: { tutorialContactId: ['registrationId', 'refused'] },
  },
  'PUT /mentor/api/update/complete': {
    reason: 'a registration is completed by its own user only: 404 (its bare id names a registration, which the field names do not tell)',
    people: { id: ['registrationId', 'refused'] },
  },
};
/** The operation the finding starts with: adding another client's person's email. */
const ADD_CONTACT = 'POST /crm/api/contact';

/**
 * Field names that name a person: emails, user names and ids, contact and recipient ids, the
 * wizard's requester, invitations. A post's author (authorId) is a network's account, not a person
 * of ours. A bare id counts when the path is about people.
 */
const PERSON_FIELD =
  /e-?mail|^user(name|id)?s?$|^id_?users?$|userIds?$|contactIds?$|recipientIds?$|requestedById$|invit|^(owner|member|person|assignee|invitee)(Ids?)?$/i;
const PERSON_PATH = /user|contact|recipient|invit|member|person|registration/i;
/** What the viewer types as a contact's details: none of another person's. */
const TYPED = { Name: 'Typed', Surname: 'Byviewer', Phone: '+27 11 555 0199' };

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
  // Word bins' and alerts' sentiment (0 any) and a word bin's language (0 any): enumerations, no tenant's data.
  SentimentId: 0,
  sentimentId: 0,
  LanguageId: 0,
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
  /** Karoo Outdoor Co.'s ids (the viewer's own client), and per operation, for the operations of PEOPLE. */
  let KAROO_IDS: Record<string, unknown>;
  let KAROO_PER_PATH: Record<string, Record<string, unknown>>;
  /** The viewer's requests of PEOPLE's operations, naming Karoo's rows and Karoo's own people. */
  const karooPlans = new Map<string, Plan>();
  const peopleProblems: string[] = [];
  /** Another client's people: the analyst (Acme and Mzansi) and the admin, with the details that must not leak. */
  let PERSONS: Record<
    'analyst' | 'admin',
    { id: number; email: string; name: string; surname: string; phone: string; links: number[]; registrations: number[] }
  >;
  let resolveSchema: (s: Schema | undefined) => Schema | undefined;
  /** Open invitations addressed to another client's people: from other clients, and one from Karoo (as if the viewer had sent it). */
  let INVITATIONS: { label: string; of: 'analyst' | 'admin'; id: number; fromKaroo: boolean }[];
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
    // Narrative Analysis: Acme's saved query to change, one to delete, and a large search's kept answer.
    const [sampledNarrativeQuery, doomedNarrativeQuery] = await t.db
      .insertInto('narrative_queries')
      .values(['Sampled query', 'Doomed query'].map((name) => ({ project_id: fx.projectId, name, query: 'cola', stream_ids: [7, 8], range_kind: 'last30' })))
      .returning('id')
      .execute();
    const keptSearch = await t.db
      .insertInto('narrative_results')
      .values({
        project_id: fx.projectId,
        search_key: 'sampled search',
        request: JSON.stringify({
          scope: { binId: fx.rootBinId, streams: [7, 8], startWall: '2024-03-01T00:00:00Z', endWall: '2024-03-02T23:59:59Z' },
          query: '',
        }),
        state: 'done',
        progress: 1,
        answer: JSON.stringify({ Posts: 0, Sampled: false, Narratives: [] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
      // The admin's "Adapt now" and "Stop using" of a client's sentiment model.
      ClientId: acme.id,
      projectId: fx.projectId,
      projectIds: [fx.projectId],
      binId: fx.productBinId,
      // The tree view's clips of a folder and its subfolder.
      binIds: [fx.productBinId],
      // A sub-bin created inside Product mentions.
      parentId: fx.productBinId,
      clipIds: [fx.clip.c1, fx.clip.c3],
      // The response queue's mark names one post of the project.
      clipId: fx.clip.c1,
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
      'POST /api/wordbins/matchcount': { ProjectId: fx.projectId, ClientId: acme.id, Keywords: [{ Value: 'sample', OperatorId: 1 }] },
      // Alerts: one saved to the analyst, Acme's doomed alert deleted, the analyst unsubscribed from the sampled one.
      'POST /api/alert/save': { name: 'Sampled alert', recipientIds: String(analystAtAcme.id), interval: 15 },
      'PUT /api/responses/alert': { active: true, waitMinutes: 15, recipientIds: [analystAtAcme.id] },
      'DELETE /api/alert/{id}': { id: doomedAlert.id },
      'DELETE /api/report/contact/notification/unsubscribe': { reportId: sampledAlert.id, reportType: 3 },
      // Narrative Analysis: a new query saved with the analyst as recipient, Acme's sampled one saved as it is, the doomed one deleted.
      'POST /api/narratives/queries': { ProjectId: fx.projectId, Name: 'Sampled new query', StreamIds: '7,8', RecipientIds: [analystAtAcme.id] },
      'PUT /api/narratives/queries/{id}': { id: sampledNarrativeQuery.id, Name: 'Sampled query', StreamIds: '7,8', RecipientIds: [analystAtAcme.id] },
      'DELETE /api/narratives/queries/{id}': { id: doomedNarrativeQuery.id },
      'GET /api/narratives/results/{id}': { id: keptSearch.id },
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
      // Contacts: the spare contact switched on (as it is) and saved as it is, the doomed one removed, a new one added.
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

    // The viewer's own client, Karoo Outdoor Co., for the pass over operations that name a person:
    // Acme's products (so its lists and alerts are not locked), two contacts besides the viewer (one
    // whose details are saved, one to remove), a word bin and a report, and tutorial registrations
    // of the viewer and the admin.
    const karoo = await t.db.selectFrom('clients').select('id').where('name', '=', 'Karoo Outdoor Co.').executeTakeFirstOrThrow();
    const karooProject = t.projects['karoo-brand'];
    const karooBin = await t.db
      .selectFrom('bins')
      .select('id')
      .where('project_id', '=', karooProject)
      .where('parent_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const acmeProducts = await t.db.selectFrom('client_products').select('product_code').where('client_id', '=', acme.id).execute();
    await t.db
      .insertInto('client_products')
      .values(acmeProducts.map((p) => ({ client_id: karoo.id, product_code: p.product_code })))
      .execute();
    const [karooSpare, karooDoomed] = await t.db
      .insertInto('users')
      .values([
        { email: 'spare.contact@karoo.example', name: 'Karoo', surname: 'Spare', phone: '021 555 0200' },
        { email: 'doomed.contact@karoo.example', name: 'Karoo', surname: 'Doomed', phone: '021 555 0200' },
      ])
      .returning('id')
      .execute();
    const [karooSpareLink] = await t.db
      .insertInto('client_contacts')
      .values([karooSpare, karooDoomed].map((u) => ({ client_id: karoo.id, user_id: u.id })))
      .returning('id')
      .execute();
    const karooWordBin = await t.db
      .insertInto('word_bins')
      .values({ client_id: karoo.id, project_id: karooProject, description: 'Karoo list', ...wordBinDates })
      .returning('id')
      .executeTakeFirstOrThrow();
    const karooReport = await t.db
      .insertInto('reports')
      .values({ ...reportValues, client_id: karoo.id, project_id: karooProject, name: 'Karoo report' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const karooNarrativeQuery = await t.db
      .insertInto('narrative_queries')
      .values({ project_id: karooProject, name: 'Karoo query', query: '', stream_ids: [7], range_kind: 'last30' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dashboardTutorial = await t.db.selectFrom('tutorials').select('id').where('title', '=', 'Your project dashboard').executeTakeFirstOrThrow();
    const [viewerRegistration, adminRegistration] = await t.db
      .insertInto('tutorial_contacts')
      .values([users.viewer, users.admin].map((user_id) => ({ tutorial_id: dashboardTutorial.id, user_id })))
      .returning('id')
      .execute();
    // Open invitations (contact_invitations): to the analyst from Mzansi (she answers it as the
    // owner), Acme's to a new address (its manager withdraws it), to the viewer from Old Brand
    // Holdings (he answers it) and Karoo's to a new address (he withdraws it); and, for the pass, to the analyst
    // from Old Brand Holdings and from Karoo, and to the admin from Acme.
    const clientIdOf = async (name: string) => (await t.db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const [mzansiId, oldBrandId] = [await clientIdOf('Mzansi Telecom'), await clientIdOf('Old Brand Holdings')];
    const invitation = async (client_id: number, email: string) =>
      (
        await t.db
          .insertInto('contact_invitations')
          .values({
            client_id,
            email,
            name: TYPED.Name,
            surname: TYPED.Surname,
            phone: TYPED.Phone,
            token_hash: randomUUID(),
            expires_at: new Date(Date.now() + 86_400_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const analystInvitation = await invitation(mzansiId, 'analyst@demo.example');
    const acmeInvitation = await invitation(acme.id, 'invited.person@acme.example');
    const viewerInvitation = await invitation(oldBrandId, 'viewer@demo.example');
    const karooInvitation = await invitation(karoo.id, 'invited.person@karoo.example');
    INVITATIONS = [
      { label: 'Old Brand Holdings’ invitation to the analyst', of: 'analyst', id: await invitation(oldBrandId, 'analyst@demo.example'), fromKaroo: false },
      { label: 'Acme’s invitation to the admin', of: 'admin', id: await invitation(acme.id, 'admin@demo.example'), fromKaroo: false },
      { label: 'Karoo’s own invitation to the analyst', of: 'analyst', id: await invitation(karoo.id, 'analyst@demo.example'), fromKaroo: true },
    ];
    PER_PATH['POST /crm/api/invitation/answer'] = { Id: analystInvitation, Accept: false };
    PER_PATH['DELETE /crm/api/contact/invitation'] = { invitationId: acmeInvitation };
    const analystLinks = await t.db.selectFrom('client_contacts').select('id').where('user_id', '=', users.analyst).orderBy('id').execute();
    const analystRegistrations = await t.db.selectFrom('tutorial_contacts').select('id').where('user_id', '=', users.analyst).orderBy('id').execute();
    // Details of their own, so that an answer showing them is told from one showing the viewer's.
    PERSONS = {
      analyst: {
        id: users.analyst,
        email: 'analyst@demo.example',
        name: 'Thandi',
        surname: 'Mokoena',
        phone: '+27 82 555 0101',
        links: analystLinks.map((l) => l.id),
        registrations: analystRegistrations.map((r) => r.id),
      },
      admin: {
        id: users.admin,
        email: 'admin@demo.example',
        name: 'Adelaide',
        surname: 'Botha',
        phone: '+27 82 555 0102',
        links: [],
        registrations: [adminRegistration.id],
      },
    };
    KAROO_IDS = {
      clientId: karoo.id,
      projectId: karooProject,
      projectIds: [karooProject],
      binId: karooBin.id,
      binIds: [karooBin.id],
      // A contact of the contacts screens and of act-as is a user.
      contactId: karooSpare.id,
      IDUser: users.viewer,
    };
    const karooWordBinBody = {
      ...wordBinBody,
      Id: karooWordBin.id,
      ProjectId: karooProject,
      ClientId: karoo.id,
      Recipients: [{ ContactId: karooSpareLink.id, WordBinRecipientTypeId: 1 }],
    };
    // The viewer's own people in every person field: each of these requests answers 2xx (or PEOPLE says why not).
    KAROO_PER_PATH = {
      'POST /crm/api/user/login': { Username: 'viewer@demo.example', Password: 'not-the-password' },
      'GET /api/user/get': { id: users.viewer },
      'POST /api/user/forgotpassword': { email: 'viewer@demo.example' },
      'POST /api/user/get/email': { Email: 'viewer@demo.example' },
      'POST /crm/api/contact/active': { isActive: 'true' },
      'DELETE /crm/api/contact/remove': { contactId: karooDoomed.id },
      'POST /crm/api/contact': { ...TYPED, Email: 'new.contact@karoo.example' },
      'POST /crm/api/contact/save': { ...TYPED, Id: karooSpare.id, ClientId: karoo.id, Email: 'spare.contact@karoo.example' },
      'POST /crm/api/clientcontact/save': { ClientId: karoo.id, ContactId: karooSpare.id, IsActive: true, IsPrimary: false },
      'DELETE /crm/api/contact/invitation': { invitationId: karooInvitation },
      // The viewer declines his own invitation.
      'POST /crm/api/invitation/answer': { Id: viewerInvitation, Accept: false },
      'POST /crm/api/agreement/save/project': wizardSample(karoo.id, users.viewer),
      'POST /api/wordbins/save': karooWordBinBody,
      'PUT /api/wordbins/update': karooWordBinBody,
      'POST /api/report/create': {
        Id: karooReport.id,
        ProjectId: karooProject,
        Name: 'Karoo report',
        Kind: 'stats',
        LayoutId: 3,
        TemplateIds: [3],
        StreamIds: [7, 8, 9],
        BinIds: [karooBin.id],
        RecipientIds: [karooSpareLink.id],
      },
      'GET /api/report/log/contact/{id}': { id: karooSpareLink.id },
      'POST /api/alert/save': { name: 'Karoo alert', recipientIds: String(karooSpareLink.id), interval: 15 },
      'PUT /api/responses/alert': { active: true, waitMinutes: 15, recipientIds: [karooSpareLink.id] },
      'POST /api/narratives/queries': { ProjectId: karooProject, Name: 'Karoo new query', StreamIds: '7', RecipientIds: [karooSpareLink.id] },
      'PUT /api/narratives/queries/{id}': { id: karooNarrativeQuery.id, Name: 'Karoo query', StreamIds: '7', RecipientIds: [karooSpareLink.id] },
      // Tutorial progress: the viewer's own.
      'GET /mentor/api/tutorialcontact/get': { contactId: users.viewer },
      'POST /mentor/api/insertRegistration': { contactId: users.viewer },
      'PUT /mentor/api/tutorialcontact/update': { tutorialContactId: viewerRegistration.id, stepNumber: 1 },
      'PUT /mentor/api/update/complete': { id: viewerRegistration.id },
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

    resolveSchema = resolve;
    for (const key of new Set([...Object.keys(PEOPLE), ...Object.keys(KAROO_PER_PATH)])) {
      const op = ops.find((o) => o.key === key);
      if (!op) {
        peopleProblems.push(`${key} is named in PEOPLE or KAROO_PER_PATH of isolation.test.ts but is not an operation of the document: remove or rename it`);
        continue;
      }
      if (!PEOPLE[key]) continue;
      const fields = fieldsOf(op, resolve);
      for (const field of Object.keys(PEOPLE[key].people))
        if (!fields.has(field)) peopleProblems.push(`${key}: PEOPLE names the field '${field}', which the operation does not have`);
      const plan = planFor(op, resolve, 'Karoo');
      if (plan) karooPlans.set(key, plan);
    }
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
  function planFor(op: Op, resolve: (s: Schema | undefined) => Schema | undefined, tenantOf: 'Acme' | 'Karoo' = 'Acme'): Plan | undefined {
    const [ids, perPathOf, idsName, perPathName, missing] =
      tenantOf === 'Acme' ? [ACME_IDS, PER_PATH, 'ACME_IDS', 'PER_PATH', problems] : [KAROO_IDS, KAROO_PER_PATH, 'KAROO_IDS', 'KAROO_PER_PATH', peopleProblems];
    let tenant = false;
    let complete = true;
    const valueOf = (name: string, where: string, schema: Schema | undefined): unknown => {
      const isId = looksLikeId(name) || isIdSchema(resolve(schema));
      const perPath = perPathOf[op.key];
      if (perPath && name in perPath) {
        if (isId) tenant = true;
        return fit(perPath[name], schema);
      }
      if (name === 'id') {
        complete = false;
        missing.push(
          `${op.key}: parameter 'id' (${where}) means a different row on each path: add '${op.key}': { id: <the id of a row of ${tenantOf}'s> } to ${perPathName} in isolation.test.ts`,
        );
        return undefined;
      }
      if (name in ids) {
        tenant = true;
        return fit(ids[name], schema);
      }
      if (name in VALUES) return fit(VALUES[name], schema);
      if (isId) {
        complete = false;
        missing.push(
          `${op.key}: parameter '${name}' (${where}) is not known to the sampler: add '${name}' to ${idsName} in isolation.test.ts with the id of one of ${tenantOf}'s rows (or to VALUES if it names no tenant's data)`,
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

  /** Every field of an operation by path (`Agreement.RequestedById`, `Recipients[].ContactId`), with its schema: parameters, then the body's leaves. */
  function fieldsOf(op: Op, resolve: (s: Schema | undefined) => Schema | undefined): Map<string, Schema> {
    const fields = new Map<string, Schema>();
    for (const p of op.parameters) if (p.in === 'path' || p.in === 'query') fields.set(p.name, p.schema);
    const walk = (raw: Schema | undefined, prefix: string) => {
      const s = resolve(raw);
      if (!s) return;
      for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, prefix);
      for (const [name, rawField] of Object.entries(s.properties ?? {})) {
        const f = resolve(rawField) ?? {};
        const items = resolve(f.items);
        if (f.properties || f.anyOf?.some((a) => resolve(a)?.properties)) walk(f, `${prefix}${name}.`);
        else if (items?.properties) walk(items, `${prefix}${name}[].`);
        else fields.set(`${prefix}${name}`, f);
      }
    };
    walk(op.body, '');
    return fields;
  }

  /** The fields of an operation that read as naming a person. */
  const personLikeFields = (op: Op, resolve: (s: Schema | undefined) => Schema | undefined) =>
    [...fieldsOf(op, resolve).keys()].filter((path) => {
      const name = path.split('.').pop()!;
      return PERSON_FIELD.test(name) || (/^ids?$/i.test(name) && PERSON_PATH.test(op.path));
    });

  /** A person's email or id as the field's schema takes it: a string, a number, or a list of one. */
  function fitPerson(value: unknown, s: Schema | undefined): unknown {
    const schema = resolveSchema(s);
    const alt = schema?.anyOf?.map(resolveSchema).find((a) => a?.type !== 'null');
    const type = Array.isArray(schema?.type) ? schema.type.find((x) => x !== 'null') : (schema?.type ?? alt?.type);
    if (type === 'array') return [fitPerson(value, schema?.items ?? alt?.items)];
    if (type === 'string') return String(value as string);
    return value;
  }

  /** The plan with the person in one field (of every item, for a field of a list's items). */
  function withPerson(plan: Plan, field: string, value: unknown): Plan {
    const fields = fieldsOf(plan.op, resolveSchema);
    const fitted = fitPerson(value, fields.get(field));
    const param = plan.op.parameters.find((p) => p.name === field && (p.in === 'path' || p.in === 'query'));
    if (param) {
      const raw = encodeURIComponent(String(fitted));
      return param.in === 'path'
        ? { ...plan, path: { ...plan.path, [field]: raw } }
        : { ...plan, query: plan.query.map(([n, v]): [string, string] => [n, n === field ? raw : v]) };
    }
    const body = structuredClone(plan.body ?? {});
    const set = (at: Record<string, unknown>, steps: string[]) => {
      const [step, ...rest] = steps;
      if (!rest.length) at[step] = fitted;
      else if (step.endsWith('[]')) for (const item of (at[step.slice(0, -2)] as Record<string, unknown>[] | undefined) ?? []) set(item, rest);
      else set(at[step] as Record<string, unknown>, rest);
    };
    set(body, field.split('.'));
    return { ...plan, body };
  }

  /** What the caller sent, as text to look for in an answer: the decoded address and the body. */
  const sentText = (plan: Plan) => `${decodeURIComponent(urlOf(plan))} ${JSON.stringify(plan.body ?? {})}`.toLowerCase();

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
    // Every operation is asked several times (204 of them): seconds alone, more on a busy machine.
  }, 120_000);

  it('never lets a client read, change or link another client’s person by their email, user id or contact id', async () => {
    const failures: string[] = [...peopleProblems];
    for (const op of ops)
      for (const field of personLikeFields(op, resolveSchema))
        if (!PEOPLE[op.key]?.people[field])
          failures.push(
            `${op.key}: '${field}' reads as naming a person, and PEOPLE in isolation.test.ts does not classify it: add it with what another client's person there must get, and why`,
          );

    const who = ['analyst', 'admin'] as const;
    for (const w of who) {
      const { name, surname, phone } = PERSONS[w];
      await t.db.updateTable('users').set({ name, surname, phone }).where('id', '=', PERSONS[w].id).execute();
      // A session that must still be open at the end of each request.
      await createSession(t.db, PERSONS[w].id);
    }
    const personIds = who.map((w) => PERSONS[w].id);
    const baseline = await personRows(t.db, personIds);
    /** The viewer's own links: naming another's person must not make the caller a contact of another client either. */
    const viewerLinks = () => t.db.selectFrom('client_contacts').selectAll().where('user_id', '=', users.viewer).orderBy('id').execute();
    const viewerBaseline = JSON.stringify(await viewerLinks());
    const targets: Record<PersonKind, { label: string; of: (typeof who)[number]; value: string | number }[]> = {
      email: [
        { label: 'the analyst’s email', of: 'analyst', value: PERSONS.analyst.email },
        { label: 'the analyst’s email in capitals', of: 'analyst', value: PERSONS.analyst.email.toUpperCase() },
        { label: 'the admin’s email', of: 'admin', value: PERSONS.admin.email },
      ],
      userId: [
        { label: 'the analyst’s user id', of: 'analyst', value: PERSONS.analyst.id },
        { label: 'the admin’s user id', of: 'admin', value: PERSONS.admin.id },
      ],
      contactId: PERSONS.analyst.links.map((id, i) => ({
        label: `the analyst’s contact id at ${i === 0 ? 'Acme' : 'Mzansi'}`,
        of: 'analyst' as const,
        value: id,
      })),
      registrationId: [
        ...PERSONS.analyst.registrations.map((id) => ({ label: 'the analyst’s tutorial registration', of: 'analyst' as const, value: id })),
        ...PERSONS.admin.registrations.map((id) => ({ label: 'the admin’s tutorial registration', of: 'admin' as const, value: id })),
      ],
      theirInvitation: INVITATIONS.map((i) => ({ label: i.label, of: i.of, value: i.id })),
      otherClientsInvitation: INVITATIONS.filter((i) => !i.fromKaroo).map((i) => ({ label: i.label, of: i.of, value: i.id })),
    };

    /** What the answer shows of the persons beyond what the caller sent, and Acme's data. */
    const disclosed = (res: Answer, sent: string): string[] => {
      const found: string[] = [];
      const body = res.body.toLowerCase();
      for (const w of who) {
        const p = PERSONS[w];
        for (const [what, value] of Object.entries({ name: p.name, surname: p.surname, phone: p.phone, email: p.email }))
          if (body.includes(value.toLowerCase()) && !sent.includes(value.toLowerCase())) found.push(`the ${w}'s ${what}`);
      }
      found.push(...leaked(res.body).filter((m) => m !== PERSONS.analyst.email));
      let json: unknown;
      try {
        json = res.json();
      } catch {
        return found;
      }
      const visit = (v: unknown, key: string) => {
        if (Array.isArray(v)) return v.forEach((x) => visit(x, key));
        if (!v || typeof v !== 'object') return;
        const o = v as Record<string, unknown>;
        const contactShaped = ['Contact', 'Contacts', 'User'].includes(key) || 'ClientContactId' in o || 'IsPrimary' in o;
        for (const w of who) {
          const p = PERSONS[w];
          if ((contactShaped && o.Id === p.id) || ['UserId', 'IDUser', 'userId'].some((k) => o[k] === p.id))
            found.push(`the ${w}'s user id as a contact (${JSON.stringify(o)})`);
          if (['ContactId', 'ClientContactId', 'contactId'].some((k) => p.links.includes(o[k] as number)))
            found.push(`the ${w}'s contact id (${JSON.stringify(o)})`);
        }
        for (const [k, x] of Object.entries(o)) visit(x, k);
      };
      visit(json, '');
      return found;
    };

    /** An answer with the sent email and the values that differ between any two calls (ids, times) taken out. */
    const normalised = (res: Answer, email: string) => {
      const typed = new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
      const walk = (v: unknown): unknown =>
        Array.isArray(v)
          ? v.map(walk)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, /Id$|At$/.test(k) ? '<varies>' : walk(x)]))
            : typeof v === 'string'
              ? v.replace(typed, '<email>')
              : v;
      try {
        return `${res.statusCode} ${JSON.stringify(walk(res.json()))}`;
      } catch {
        return `${res.statusCode} ${res.body.replace(typed, '<email>')}`;
      }
    };

    const lastMailId = async () =>
      Number(
        (
          await t.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );
    const viewer = await token('viewer');
    let classified = 0;
    let requestsSent = 0;

    for (const [key, entry] of Object.entries(PEOPLE)) {
      const plan = karooPlans.get(key);
      if (!plan) continue;
      classified++;
      /**
       * Sends the request as the viewer and checks the answer and the persons' rows against the
       * expectation; `own` is the request naming Karoo's own people.
       */
      const judge = async (label: string, request: Plan, expectation: PersonExpect | 'own', reference?: { res: Answer; email: string }) => {
        const before = await personRows(t.db, personIds);
        const mailFrom = await lastMailId();
        const res = await send(request, viewer);
        requestsSent++;
        const sent = sentText(request);
        const wrong: string[] = [];
        const ok2xx = res.statusCode >= 200 && res.statusCode < 300;
        if (res.statusCode >= 500) wrong.push('a 5xx');
        else if (expectation === 'own' && !ok2xx && !entry.ownNot2xx)
          wrong.push('not 2xx, though it names Karoo’s own people (the sample is wrong, or give ownNot2xx with the reason)');
        else if (expectation === 'refused' && (res.statusCode < 400 || res.statusCode >= 500)) wrong.push('expected 4xx');
        else if (expectation === 'invitation') {
          if (ok2xx && (res.json() as Record<string, unknown>).Contact !== undefined) wrong.push('a Contact in the answer: the account is linked, not invited');
          const email = request.query.find(([n]) => n === 'Email')?.[1] ?? '';
          if (reference && normalised(res, decodeURIComponent(email)) !== normalised(reference.res, reference.email))
            wrong.push(`not the answer a new address gets (${show(reference.res)})`);
        }
        for (const d of disclosed(res, sent)) wrong.push(`the answer shows ${d}`);
        const changes = personChanges(before, await personRows(t.db, personIds)).filter(
          (c: RowChange) =>
            !(c.kind === 'added' && c.table === 'password_resets' && entry.mailsTheirResetLink) &&
            !(c.kind === 'added' && c.table === 'notifications' && /invit/i.test(String(c.after?.description))) &&
            !(c.kind !== 'removed' && c.table === 'contact_invitations' && expectation === 'invitation'),
        );
        for (const c of changes) wrong.push(describeChange(c));
        const links = JSON.stringify(await viewerLinks());
        if (links !== viewerBaseline) {
          wrong.push(`the viewer's links to clients changed: ${viewerBaseline} → ${links}`);
          await t.db
            .deleteFrom('client_contacts')
            .where('user_id', '=', users.viewer)
            .where(
              'id',
              'not in',
              (JSON.parse(viewerBaseline) as { id: number }[]).map((l) => l.id),
            )
            .execute();
        }
        const mails = await t.db.selectFrom('mail_outbox').select(['to', 'subject']).where('id', '>', mailFrom).execute();
        for (const m of mails)
          if (
            who.some((w) => m.to.toLowerCase().includes(PERSONS[w].email)) &&
            !/invit/i.test(m.subject) &&
            !(entry.mailsTheirResetLink && m.subject === 'Set your password')
          )
            wrong.push(`a mail to ${m.to}: '${m.subject}'`);
        if (wrong.length) failures.push(`${key} ${label}: ${wrong.join('; ')}; answer ${show(res)}`);
        await restorePersonRows(t.db, personIds, baseline);
        return res;
      };

      const own = await judge('naming Karoo’s own people', plan, 'own');
      const ownEmail = plan.query.find(([n]) => n === 'Email')?.[1];
      const reference = ownEmail === undefined ? undefined : { res: own, email: decodeURIComponent(ownEmail) };
      for (const [field, [kind, expectation, alongside = [{}]]] of Object.entries(entry.people))
        for (const target of targets[kind])
          for (const values of alongside) {
            const request = Object.entries(values).reduce((p, [name, value]) => withPerson(p, name, value), withPerson(plan, field, target.value));
            const also = Object.entries(values).map(([name, value]) => `, ${name}=${String(value)}`);
            await judge(`${field}=${target.label}${also.join('')}`, request, expectation, reference);
            if (!entry.afterInvite) continue;
            const invite = karooPlans.get(ADD_CONTACT);
            if (!invite) {
              failures.push(`${key}: afterInvite needs ${ADD_CONTACT}, which is not an operation of the document`);
              continue;
            }
            // The finding's order: add the person's email first, then name them.
            await send(withPerson(invite, 'Email', PERSONS[target.of].email), viewer);
            await judge(`${field}=${target.label}${also.join('')}, after the viewer added that email`, request, expectation, reference);
          }
    }
    console.log(`people: ${classified} operations that take a person, ${requestsSent} requests as the viewer`);
    expect(failures).toEqual([]);
  }, 300_000);

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
