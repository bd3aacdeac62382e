// The one unsubscribe link of every mail the product sends on its own: scheduled reports (type 1),
// reaction and crisis lists (type 2), alerts (type 3) and a project's response alerts (type 4, the id
// the project's). The link opens the app's /unsubscribe
// page, which asks before it acts; the token, in the address's fragment so it never reaches a
// server log, is `type.id.contactId` signed with the database's key (signing.ts), so it cannot be
// altered to name another contact or thing. POST /api/unsubscribe (modules/alerts) reads it.
// Word-bin digests sent before this link existed carry a token signed over their recipient row
// (LEGACY_WORD_BIN_PURPOSE); those links, already in inboxes, keep working.
import type { Db } from '../db/connection.ts';
import { sign, verify } from './signing.ts';

export type UnsubscribeType = 1 | 2 | 3 | 4;

export interface UnsubscribeTarget {
  /** 1 Scheduled Report, 2 Reaction List Alert (word bin), 3 Contact Notification (alert), 4 Response Alert (project). */
  type: UnsubscribeType;
  /** The report's, word bin's or alert's id; the project's for a response alert. */
  id: number;
  /** The recipient: a client_contacts id. */
  contactId: number;
}

export const UNSUBSCRIBE_PURPOSE = 'unsubscribe';
/** The purpose word-bin digests signed their recipient ids with (modules/word-bins/digest.ts). */
export const LEGACY_WORD_BIN_PURPOSE = 'word-bin-unsubscribe';

/** The link that removes one contact from one thing's recipients. */
export async function unsubscribeUrl(db: Db, publicUrl: string, target: UnsubscribeTarget): Promise<string> {
  const token = await sign(db, UNSUBSCRIBE_PURPOSE, `${target.type}.${target.id}.${target.contactId}`);
  return `${publicUrl.replace(/\/$/, '')}/unsubscribe#token=${token}`;
}

const ID = /^[1-9]\d{0,9}$/;

/** What a token names: a target, a legacy word-bin recipient row, or null when it is not one of ours. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<UnsubscribeTarget | { wordBinRecipientId: number } | null> {
  const value = await verify(db, UNSUBSCRIBE_PURPOSE, token);
  if (value) {
    const [type, id, contactId] = value.split('.');
    if (!['1', '2', '3', '4'].includes(type) || !ID.test(id ?? '') || !ID.test(contactId ?? '')) return null;
    return { type: Number(type) as UnsubscribeType, id: Number(id), contactId: Number(contactId) };
  }
  const legacy = await verify(db, LEGACY_WORD_BIN_PURPOSE, token);
  return legacy && ID.test(legacy) ? { wordBinRecipientId: Number(legacy) } : null;
}
