// Brand association: a project's own linked profiles post Owned content; replies to and
// mentions of them are Earned; everything else is Chatter.
import { BRAND_ASSOCIATION } from '@listening/contract';
import { fold } from '../nlp/text.ts';
import { canonicalAccountId } from './account-id.ts';

export interface OwnedProfile {
  streamId: number;
  externalId: string;
  handle: string | null;
}

export interface OwnedIndex {
  /** "stream:externalId" and "stream:@handle" of the project's profiles. */
  keys: Set<string>;
}

export function ownedIndex(profiles: OwnedProfile[]): OwnedIndex {
  const keys = new Set<string>();
  for (const p of profiles) {
    keys.add(`${p.streamId}:${canonicalAccountId(p.streamId, p.externalId)}`);
    if (p.handle) keys.add(`${p.streamId}:@${fold(p.handle.replace(/^@/, ''))}`);
  }
  return { keys };
}

export interface BrandInput {
  streamId: number;
  authorExternalId: string;
  authorHandle?: string | null;
  inReplyToHandle?: string | null;
  /** Folded "@handle" mentions from enrichment. */
  handles: string[];
}

export function brandAssociation(owned: OwnedIndex, p: BrandInput): number {
  const { keys } = owned;
  if (keys.size === 0) return BRAND_ASSOCIATION.Chatter;
  const s = p.streamId;
  if (keys.has(`${s}:${canonicalAccountId(s, p.authorExternalId)}`)) return BRAND_ASSOCIATION.Owned;
  if (p.authorHandle && keys.has(`${s}:@${fold(p.authorHandle.replace(/^@/, ''))}`)) return BRAND_ASSOCIATION.Owned;
  if (p.inReplyToHandle && keys.has(`${s}:@${fold(p.inReplyToHandle.replace(/^@/, ''))}`)) return BRAND_ASSOCIATION.Earned;
  for (const h of p.handles) if (keys.has(`${s}:${h}`)) return BRAND_ASSOCIATION.Earned;
  return BRAND_ASSOCIATION.Chatter;
}
