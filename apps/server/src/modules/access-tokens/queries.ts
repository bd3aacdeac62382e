// SQL of the access-tokens module: a project's profiles as the modal lists them, one profile.
import type { AccessTokenProfile } from '@listening/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

const COLUMNS = [
  'id',
  'project_id',
  'stream_id',
  'external_id',
  'name',
  'handle',
  'image',
  'link',
  'bin_rule_id',
  'followers',
  'access_token_enc',
  'token_valid',
  'token_granted_at',
  'token_expires_at',
  'token_checked_at',
  'token_error',
] as const;

export type ProfileRow = Awaited<ReturnType<typeof profileById>> & {};

export function profileById(db: Db, id: number) {
  return db.selectFrom('profiles').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function projectProfiles(db: Db, projectId: number) {
  return db.selectFrom('profiles').select(COLUMNS).where('project_id', '=', projectId).orderBy('stream_id').orderBy('name').orderBy('id').execute();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire shape: the token's presence and verdict, never the token. */
export function toWire(p: NonNullable<ProfileRow>): AccessTokenProfile {
  const has = p.access_token_enc !== null;
  return {
    ProfileId: p.id,
    StreamId: p.stream_id,
    Name: p.name,
    BinRuleId: p.bin_rule_id,
    HasToken: has,
    IsValid: has && p.token_valid !== false,
    Handle: p.handle,
    Image: p.image,
    Link: p.link,
    FollowerCount: p.followers,
    GrantedAt: has ? iso(p.token_granted_at) : null,
    ExpiresAt: has ? iso(p.token_expires_at) : null,
    CheckedAt: has ? iso(p.token_checked_at) : null,
    Error: has && p.token_valid === false ? p.token_error : null,
  };
}

/** A live project's id and client, or undefined when there is none. */
export function liveProject(db: Db, projectId: number) {
  return db.selectFrom('projects').select(['id', 'client_id']).where('id', '=', projectId).where('is_deleted', '=', false).executeTakeFirst();
}

/** The editable fields of a profile the modal saves by hand. */
export type ProfileFields = Pick<Updateable<Database['profiles']>, 'handle' | 'image' | 'link' | 'summary' | 'followers'> & { name: string };

/** Saves the project's profile of this account (its first, by id), or files one; answers its id. */
export async function saveProfile(db: Db, key: { projectId: number; streamId: number; externalId: string }, fields: ProfileFields): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select('id')
    .where('project_id', '=', key.projectId)
    .where('stream_id', '=', key.streamId)
    .where('external_id', '=', key.externalId)
    .orderBy('id')
    .executeTakeFirst();
  return row
    ? (await db.updateTable('profiles').set(fields).where('id', '=', row.id).returning('id').executeTakeFirstOrThrow()).id
    : (
        await db
          .insertInto('profiles')
          .values({ ...fields, project_id: key.projectId, stream_id: key.streamId, external_id: key.externalId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
}

export function deleteProfileRow(db: Db, profileId: number) {
  return db.deleteFrom('profiles').where('id', '=', profileId).execute();
}

export function deleteBinRule(db: Db, ruleId: number) {
  return db.deleteFrom('bin_rules').where('id', '=', ruleId).execute();
}
