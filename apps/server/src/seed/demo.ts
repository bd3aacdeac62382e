// The demo tenant: clients (one In-Active), projects of every type with their bins, rules and
// owned profiles, three users (password demo-password), notifications and blog posts. Seeded
// once, on an empty database (embedded mode, or DEMO=1 on PostgreSQL).
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '@listening/contract';
import type { Db } from '../db/connection.ts';
import { hashPassword } from '../modules/auth/service.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { seedDemoWorkflows } from '../modules/workflow/demo.ts';
import { seedMentor } from './mentor.ts';

export const DEMO_USERS = {
  admin: 'admin@demo.example',
  analyst: 'analyst@demo.example',
  viewer: 'viewer@demo.example',
} as const;

interface DemoRule {
  kind: 'handle' | 'hashtag' | 'phrase' | 'profile' | 'url' | 'topic';
  expression: string;
}
interface DemoBin {
  name: string;
  type: 2 | 6;
  rules: DemoRule[];
  children?: DemoBin[];
}
interface DemoProject {
  key: string;
  description: string;
  type: number;
  subType: number | null;
  streams: number[];
  startDaysAgo: number;
  stopInDays?: number;
  rules: DemoRule[];
  bins: DemoBin[];
  /** Owned profiles: stream, external id, handle, name, followers. */
  profiles?: [number, string, string, string, number][];
}
interface DemoClient {
  name: string;
  active: boolean;
  products: string[];
  projects: DemoProject[];
}

const sortBins = (topic: string): DemoBin[] => [
  {
    name: 'Product mentions',
    type: 2,
    rules: [{ kind: 'topic', expression: `${topic} AND (taste OR price OR flavour OR quality OR launch)` }],
    children: [{ name: 'Pricing', type: 2, rules: [{ kind: 'topic', expression: `${topic} AND (price OR expensive OR cheap OR rand)` }] }],
  },
  { name: 'Customer service', type: 2, rules: [{ kind: 'topic', expression: `${topic} AND (service OR support OR help OR complaint OR delivery)` }] },
  { name: 'Manual uploads', type: 6, rules: [] },
];

/** Acme Cola's own accounts on X, Facebook and Instagram: the brand project and the owned-profiles project both list them. */
const ACME_PROFILES: NonNullable<DemoProject['profiles']> = [
  [7, 'x-acmecola', 'acmecola', 'Acme Cola', 184_000],
  [8, 'fb-acmecola', 'acmecola', 'Acme Cola South Africa', 412_000],
  [9, 'ig-acmecola', 'acmecola', 'Acme Cola', 233_000],
];

export const DEMO_CLIENTS: DemoClient[] = [
  {
    name: 'Acme Beverages',
    active: true,
    products: ['KPSZ10', 'KPVT10', 'KPRW10', 'KPOZ10', 'KPIB10', 'KPNT10'],
    projects: [
      {
        key: 'acme-brand',
        description: 'Acme Cola Brand Monitoring',
        type: 1,
        subType: null,
        streams: [7, 8, 9, 10, 11],
        startDaysAgo: 200,
        rules: [
          { kind: 'phrase', expression: '"acme cola" OR acme' },
          { kind: 'hashtag', expression: '#acmecola OR #acme' },
          { kind: 'handle', expression: '@acmecola' },
        ],
        bins: sortBins('acme'),
        profiles: ACME_PROFILES,
      },
      {
        key: 'acme-owned',
        description: 'Acme Owned Profiles',
        type: 5,
        subType: null,
        streams: [7, 8, 9],
        startDaysAgo: 180,
        rules: [{ kind: 'profile', expression: '@acmecola' }],
        bins: sortBins('acme'),
        profiles: ACME_PROFILES,
      },
      {
        key: 'acme-summer',
        description: 'Summer Refresh Campaign',
        type: 2,
        subType: null,
        streams: [7, 8, 9, 11],
        startDaysAgo: 120,
        stopInDays: 60,
        rules: [{ kind: 'hashtag', expression: '#summerrefresh OR "summer refresh"' }],
        bins: [],
      },
      {
        key: 'fizzco',
        description: 'FizzCo Competitor Watch',
        type: 7,
        subType: null,
        streams: [7, 8, 9],
        startDaysAgo: 150,
        rules: [{ kind: 'phrase', expression: 'fizzco OR "fizz co" OR #fizzco' }],
        bins: sortBins('fizzco'),
      },
      {
        key: 'acme-topics',
        description: 'Soft Drink Sugar Tax Topic',
        type: 9,
        subType: null,
        streams: [7, 8, 9, 10],
        startDaysAgo: 100,
        rules: [{ kind: 'topic', expression: '"sugar tax" OR (sugar AND (tax OR levy))' }],
        bins: [],
      },
    ],
  },
  {
    name: 'Mzansi Telecom',
    active: true,
    products: ['KPSZ10'],
    projects: [
      {
        key: 'mzansi-hashtag',
        description: 'MzansiConnect Hashtag Tracking',
        type: 3,
        subType: null,
        streams: [7, 9, 11],
        startDaysAgo: 160,
        rules: [{ kind: 'hashtag', expression: '#mzansiconnect OR #mzansitelecom' }],
        bins: [],
      },
      {
        key: 'mzansi-influencers',
        description: 'Mzansi Influencer Monitoring',
        type: 6,
        subType: null,
        streams: [7, 8, 9, 10],
        startDaysAgo: 140,
        rules: [{ kind: 'phrase', expression: 'mzansi telecom OR mzansi OR @mzansitelecom' }],
        bins: sortBins('mzansi'),
        profiles: [[7, 'x-mzansitelecom', 'mzansitelecom', 'Mzansi Telecom', 96_000]],
      },
      {
        key: 'mzansi-youtube',
        description: 'Mzansi YouTube Channel',
        type: 8,
        subType: 9,
        streams: [10],
        startDaysAgo: 130,
        rules: [{ kind: 'phrase', expression: 'mzansi' }],
        bins: [],
      },
    ],
  },
  {
    name: 'Karoo Outdoor Co.',
    active: true,
    products: [],
    projects: [
      {
        key: 'karoo-brand',
        description: 'Karoo Outdoor Brand',
        type: 1,
        subType: null,
        streams: [7, 8, 9, 10, 11],
        startDaysAgo: 110,
        rules: [{ kind: 'phrase', expression: 'karoo outdoor OR #karoooutdoor OR @karoooutdoor' }],
        bins: sortBins('karoo'),
        profiles: [[9, 'ig-karoooutdoor', 'karoooutdoor', 'Karoo Outdoor', 58_000]],
      },
      {
        key: 'karoo-linkedin',
        description: 'Karoo Careers on LinkedIn',
        type: 8,
        subType: 11,
        streams: [11],
        startDaysAgo: 90,
        rules: [{ kind: 'phrase', expression: 'karoo AND (careers OR hiring OR jobs)' }],
        bins: [],
      },
    ],
  },
  {
    name: 'Old Brand Holdings',
    active: false,
    products: [],
    projects: [
      {
        key: 'oldbrand',
        description: 'Old Brand Retro Campaign',
        type: 2,
        subType: null,
        streams: [7, 8],
        startDaysAgo: 400,
        stopInDays: -200,
        rules: [{ kind: 'phrase', expression: '"old brand"' }],
        bins: [],
      },
    ],
  },
];

const BLOG_POSTS = [
  {
    title: 'Hourly insights: why the hour of a mention matters',
    summary: 'Complaints cluster in the evening, praise at lunch. Reading the heatmap by the hour changes when a community team is on duty.',
    body: 'Most brands staff social care from nine to five, yet our heatmaps show complaint peaks between 19:00 and 22:00 local time...',
  },
  {
    title: 'Reaction lists: hearing a crisis before it trends',
    summary: 'A reaction list is a word bin with an alert. Set one up for recall, outage and boycott and hear about trouble within minutes.',
    body: 'A crisis rarely starts on the front page. It starts with three posts that use the same unusual word...',
  },
  {
    title: 'AVE in rand: what advertising value equivalent measures, and what it does not',
    summary: 'AVE turns impressions into money with a per-platform CPM. Useful for comparing periods; never a substitute for outcomes.',
    body: 'Advertising value equivalent multiplies estimated impressions by what the same reach would have cost as advertising...',
  },
];

function daysFromNow(days: number): Date {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}

async function insertBins(db: Db, clientId: number, projectId: number, parentId: number, bins: DemoBin[]): Promise<void> {
  for (const b of bins) {
    const row = await db
      .insertInto('bins')
      .values({ client_id: clientId, project_id: projectId, parent_id: parentId, name: b.name, bin_type_id: b.type })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const r of b.rules) await db.insertInto('bin_rules').values({ bin_id: row.id, kind: r.kind, expression: r.expression }).execute();
    if (b.children) await insertBins(db, clientId, projectId, row.id, b.children);
  }
}

/** Two reaction lists and a crisis list on Acme's brand project, alerting the analyst (its contact). */
async function seedWordBins(db: Db, clientId: number, projectId: number, analystId: number): Promise<void> {
  const contact = await db
    .selectFrom('client_contacts')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', analystId)
    .executeTakeFirstOrThrow();
  const group = await db.insertInto('word_bin_groups').values({ client_id: clientId, description: 'Customer care' }).returning('id').executeTakeFirstOrThrow();
  const lists: [string, number, number, number | null, [string, number][]][] = [
    // name, type (1 reaction, 2 crisis), interval (minutes), group, keywords (1 AND, 2 OR, 3 NOT)
    [
      'Pricing complaints',
      1,
      60,
      group.id,
      [
        ['acme', 1],
        ['price', 2],
        ['expensive', 2],
        ['competition', 3],
      ],
    ],
    [
      'Service and delivery',
      1,
      1440,
      group.id,
      [
        ['service', 2],
        ['delivery', 2],
        ['complaint', 2],
        ['jobs', 3],
      ],
    ],
    [
      'Product recall',
      2,
      0,
      null,
      [
        ['recall', 2],
        ['contaminated', 2],
        ['boycott', 2],
        ['outage', 2],
      ],
    ],
  ];
  for (const [description, type, interval, groupId, keywords] of lists) {
    const bin = await db
      .insertInto('word_bins')
      .values({
        client_id: clientId,
        project_id: projectId,
        description,
        word_bin_type_id: type,
        notification_interval: interval,
        start_date: daysFromNow(-7),
        stop_date: daysFromNow(23),
        word_bin_group_id: groupId,
        account_id: analystId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('word_bin_keywords')
      .values(keywords.map(([value, operator_id], position) => ({ word_bin_id: bin.id, value, operator_id, position })))
      .execute();
    await db.insertInto('word_bin_recipients').values({ word_bin_id: bin.id, contact_id: contact.id, recipient_type_id: 1 }).execute();
  }
}

/** True when the database has no users yet (a fresh install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** The demo seed's advisory lock (an arbitrary constant of this product's, beside ingest/demo-corpus.ts's). */
export const DEMO_SEED_LOCK = 7_270_420;

/**
 * Seeds the demo tenant on an empty database, in one transaction (a start stopped while seeding
 * leaves an empty database, seeded again next time). Processes sharing a PostgreSQL database, each
 * started with DEMO=1, take turns on an advisory lock of the transaction (per schema): the first
 * seeds, the next finds the users there and seeds nothing. True when this call seeded.
 */
export async function seedDemoOnce(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK}::int, (select oid::int from pg_namespace where nspname = current_schema()))`.execute(trx);
    if (!(await isEmpty(trx))) return false;
    await seedDemo(trx);
    return true;
  });
}

/** Seeds the demo tenant. Returns project ids by key. */
export async function seedDemo(db: Db): Promise<Record<string, number>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users: Record<string, number> = {};
  for (const [key, email, name, surname, isAdmin] of [
    ['admin', DEMO_USERS.admin, 'Ada', 'Admin', true],
    ['analyst', DEMO_USERS.analyst, 'Thandi', 'Analyst', false],
    ['viewer', DEMO_USERS.viewer, 'Pieter', 'Viewer', false],
  ] as const) {
    const u = await db
      .insertInto('users')
      .values({ email, name, surname, password_hash: passwordHash, is_admin: isAdmin, phone: '+27 21 555 0100' })
      .returning('id')
      .executeTakeFirstOrThrow();
    users[key] = u.id;
  }

  const projectIds: Record<string, number> = {};
  const clientIds: Record<string, number> = {};
  for (const c of DEMO_CLIENTS) {
    const client = await db.insertInto('clients').values({ name: c.name, is_active: c.active }).returning('id').executeTakeFirstOrThrow();
    clientIds[c.name] = client.id;
    for (const code of c.products) await db.insertInto('client_products').values({ client_id: client.id, product_code: code }).execute();
    for (const p of c.projects) {
      const root = await db.insertInto('bins').values({ client_id: client.id, name: p.description, bin_type_id: 1 }).returning('id').executeTakeFirstOrThrow();
      const project = await db
        .insertInto('projects')
        .values({
          client_id: client.id,
          description: p.description,
          project_type_id: p.type,
          project_sub_type_id: p.subType,
          stream_ids: p.streams,
          start_date: daysFromNow(-p.startDaysAgo),
          stop_date: p.stopInDays === undefined ? null : daysFromNow(p.stopInDays),
          bin_id: root.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      projectIds[p.key] = project.id;
      await db.updateTable('bins').set({ project_id: project.id }).where('id', '=', root.id).execute();
      for (const r of p.rules) await db.insertInto('bin_rules').values({ bin_id: root.id, kind: r.kind, expression: r.expression }).execute();
      await insertBins(db, client.id, project.id, root.id, p.bins);
      for (const [streamId, externalId, handle, name, followers] of p.profiles ?? [])
        await db.insertInto('profiles').values({ project_id: project.id, stream_id: streamId, external_id: externalId, handle, name, followers }).execute();
    }
  }
  // Competitor tracking (types 1 and 5) compares both of Acme's tracked projects with FizzCo.
  await db
    .insertInto('competitors')
    .values([
      { project_id: projectIds['acme-brand'], competitor_project_id: projectIds['fizzco'] },
      { project_id: projectIds['acme-owned'], competitor_project_id: projectIds['fizzco'] },
    ])
    .execute();

  const contact = (user: string, client: string, primary = false) =>
    db.insertInto('client_contacts').values({ user_id: users[user], client_id: clientIds[client], is_primary: primary }).execute();
  await contact('analyst', 'Acme Beverages', true);
  await contact('analyst', 'Mzansi Telecom');
  await contact('viewer', 'Karoo Outdoor Co.', true);
  await seedWordBins(db, clientIds['Acme Beverages'], projectIds['acme-brand'], users.analyst);
  await seedDemoWorkflows(db);
  await seedMentor(db, users);

  const now = Date.now();
  // The report and the reaction list concern a project the user can open.
  const ownProject: Record<string, number> = { admin: projectIds['acme-brand'], analyst: projectIds['acme-brand'], viewer: projectIds['karoo-brand'] };
  for (const key of ['admin', 'analyst', 'viewer']) {
    await db
      .insertInto('notifications')
      .values([
        {
          user_id: users[key],
          description: 'Welcome to Listening: your projects are being monitored.',
          notification_type_id: 2,
          created_at: new Date(now - 3 * 86_400_000),
        },
        {
          user_id: users[key],
          description: 'Your weekly report "Brand overview" is ready.',
          notification_type_id: 2,
          project_id: ownProject[key],
          created_at: new Date(now - 5 * 3_600_000),
        },
        {
          user_id: users[key],
          description: 'Reaction list "Product recall" matched 12 new posts.',
          notification_type_id: 2,
          project_id: ownProject[key],
          created_at: new Date(now - 20 * 60_000),
        },
      ])
      .execute();
  }
  for (const [i, b] of BLOG_POSTS.entries())
    await db
      .insertInto('blog_posts')
      .values({ ...b, published_at: new Date(now - (i + 1) * 9 * 86_400_000) })
      .execute();
  return projectIds;
}

/**
 * Every account whose password is the published DEMO_PASSWORD, whatever its email: a demo user
 * renamed, or anyone who chose it, signs in as easily as the seeded ones (exposure.ts decides what
 * that means for where the server listens). One argon2 verify per account (each hash has its own
 * salt), at most ARGON_CONCURRENCY at once: about a second per hundred accounts, and only when the
 * server is told to listen beyond loopback.
 */
export async function usersWithPublishedPassword(db: Db): Promise<{ email: string; isAdmin: boolean }[]> {
  const rows = await db.selectFrom('users').select(['email', 'is_admin', 'password_hash']).where('password_hash', 'is not', null).orderBy('email').execute();
  const known = await Promise.all(rows.map((r) => verifyPassword(r.password_hash!, DEMO_PASSWORD)));
  return rows.filter((_, i) => known[i]).map((r) => ({ email: r.email, isAdmin: r.is_admin }));
}
