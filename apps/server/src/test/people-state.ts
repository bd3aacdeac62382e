// The rows that make up a person for a test that must prove a request left them alone: their
// account, open sessions, links to clients, setup links, tutorial progress, notifications, the
// invitations addressed to their email, and the recipients rows (word bins, alerts, reports,
// Response alert settings) naming their links. A test takes a snapshot, acts,
// lists what changed, and puts the rows back, so each request is judged on its own.
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.ts';

export const PERSON_TABLES = [
  'users',
  'sessions',
  'client_contacts',
  'password_resets',
  'tutorial_contacts',
  'notifications',
  'contact_invitations',
  'word_bin_recipients',
  'alert_recipients',
  'report_recipients',
  'response_alert_recipients',
] as const;
export type PersonTable = (typeof PERSON_TABLES)[number];
type Row = Record<string, unknown>;
export type PersonRows = Record<PersonTable, Row[]>;

/** Tables keyed by two columns rather than an id. */
const PAIR_KEYS: Partial<Record<PersonTable, [string, string]>> = {
  report_recipients: ['report_id', 'contact_id'],
  response_alert_recipients: ['project_id', 'contact_id'],
};
const keyOf = (table: PersonTable, r: Row) => {
  const pair = PAIR_KEYS[table];
  return pair ? `${String(r[pair[0]])}:${String(r[pair[1]])}` : String(r.id);
};
const text = (r: Row) => JSON.stringify(r);

/** The persons' rows now. Sessions: the open ones only (a revoked session is a change). */
export async function personRows(db: Db, userIds: number[]): Promise<PersonRows> {
  const links = db.selectFrom('client_contacts').select('id').where('user_id', 'in', userIds);
  const emails = db.selectFrom('users').select('email').where('id', 'in', userIds);
  // Every table's read at once; the Record makes sure no table of PERSON_TABLES is left out.
  const reads: Record<PersonTable, Promise<Row[]>> = {
    users: db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'surname', 'phone', 'password_hash', 'is_admin'])
      .where('id', 'in', userIds)
      .orderBy('id')
      .execute(),
    sessions: db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'acting_admin_id'])
      .where('user_id', 'in', userIds)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('id')
      .execute(),
    client_contacts: db.selectFrom('client_contacts').selectAll().where('user_id', 'in', userIds).orderBy('id').execute(),
    password_resets: db.selectFrom('password_resets').selectAll().where('user_id', 'in', userIds).orderBy('id').execute(),
    tutorial_contacts: db.selectFrom('tutorial_contacts').selectAll().where('user_id', 'in', userIds).orderBy('id').execute(),
    notifications: db.selectFrom('notifications').selectAll().where('user_id', 'in', userIds).orderBy('id').execute(),
    contact_invitations: db.selectFrom('contact_invitations').selectAll().where('email', 'in', emails).orderBy('id').execute(),
    word_bin_recipients: db.selectFrom('word_bin_recipients').selectAll().where('contact_id', 'in', links).orderBy('id').execute(),
    alert_recipients: db.selectFrom('alert_recipients').selectAll().where('contact_id', 'in', links).orderBy('id').execute(),
    report_recipients: db.selectFrom('report_recipients').selectAll().where('contact_id', 'in', links).orderBy('report_id').orderBy('contact_id').execute(),
    response_alert_recipients: db
      .selectFrom('response_alert_recipients')
      .selectAll()
      .where('contact_id', 'in', links)
      .orderBy('project_id')
      .orderBy('contact_id')
      .execute(),
  };
  const rows = await Promise.all(PERSON_TABLES.map((table) => reads[table]));
  return Object.fromEntries(PERSON_TABLES.map((table, i) => [table, rows[i]])) as PersonRows;
}

export interface RowChange {
  table: PersonTable;
  kind: 'added' | 'removed' | 'changed';
  before?: Row;
  after?: Row;
}

/** What differs between two snapshots, row by row. */
export function personChanges(before: PersonRows, after: PersonRows): RowChange[] {
  const changes: RowChange[] = [];
  for (const table of PERSON_TABLES) {
    const old = new Map(before[table].map((r) => [keyOf(table, r), r]));
    const now = new Map(after[table].map((r) => [keyOf(table, r), r]));
    for (const [k, r] of now) {
      const was = old.get(k);
      if (!was) changes.push({ table, kind: 'added', after: r });
      else if (text(was) !== text(r)) changes.push({ table, kind: 'changed', before: was, after: r });
    }
    for (const [k, r] of old) if (!now.has(k)) changes.push({ table, kind: 'removed', before: r });
  }
  return changes;
}

export const describeChange = (c: RowChange) =>
  `${c.table} ${c.kind}: ${c.kind === 'changed' ? `${text(c.before!)} → ${text(c.after!)}` : text((c.after ?? c.before)!)}`;

/**
 * Puts the persons' rows back as the snapshot has them: rows added since are deleted (a link's
 * recipients go with it), removed ones inserted again with their ids, changed ones rewritten,
 * revoked sessions reopened and sessions opened since revoked.
 */
export async function restorePersonRows(db: Db, userIds: number[], to: PersonRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Table names vary at run time below; every one comes from PERSON_TABLES.
    const tx = trx as unknown as Kysely<Record<string, Row>>;
    for (const u of to.users) {
      const { id, ...fields } = u;
      await trx
        .updateTable('users')
        .set(fields as { email: string })
        .where('id', '=', id as number)
        .execute();
    }
    // Read once the emails are back: invitations are found by their address.
    const now = await personRows(trx, userIds);
    const openIds = to.sessions.map((s) => s.id as number);
    if (openIds.length) await trx.updateTable('sessions').set({ revoked_at: null }).where('id', 'in', openIds).execute();
    const opened = now.sessions.filter((s) => !openIds.includes(s.id as number)).map((s) => s.id as number);
    if (opened.length) await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('id', 'in', opened).execute();

    for (const table of PERSON_TABLES) {
      if (table === 'users' || table === 'sessions') continue;
      const want = new Map(to[table].map((r) => [keyOf(table, r), r]));
      const have = new Map(now[table].map((r) => [keyOf(table, r), r]));
      for (const [k, r] of have) {
        if (want.has(k)) continue;
        const pair = PAIR_KEYS[table];
        if (pair) await tx.deleteFrom(table).where(pair[0], '=', r[pair[0]]).where(pair[1], '=', r[pair[1]]).execute();
        else await tx.deleteFrom(table).where('id', '=', r.id).execute();
      }
      for (const [k, r] of want) {
        const was = have.get(k);
        if (!was) await tx.insertInto(table).values(r).execute();
        else if (text(was) !== text(r) && !PAIR_KEYS[table]) await tx.updateTable(table).set(r).where('id', '=', r.id).execute();
      }
    }
  });
}
