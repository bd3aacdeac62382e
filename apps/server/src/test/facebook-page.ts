// A project's Facebook page, linked as the connector tests link one: page 100 ('Brand SA',
// @brandsa) with a page access token stored encrypted, as the OAuth grant stores it.
import { setProfileToken } from '../crypto/profile-tokens.ts';
import type { keyring } from '../crypto/tokens.ts';
import type { Db } from '../db/connection.ts';

/** Links page 100 (named `name`) to the project with `token` (encrypted with `keys`); the profile's id. */
export async function linkBrandPage(db: Db, projectId: number, token: string, keys: ReturnType<typeof keyring>, name = 'Brand SA'): Promise<number> {
  const profile = await db
    .insertInto('profiles')
    .values({ project_id: projectId, stream_id: 8, external_id: '100', name, handle: 'brandsa' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setProfileToken(db, profile.id, token, keys);
  return profile.id;
}
