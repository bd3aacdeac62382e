// SQL of the access-tokens module: a project's profiles as the modal lists them, one profile.
import type { AccessTokenProfile } from '@listening/contract';
import type { Db } from '../../db/connection.ts';

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
