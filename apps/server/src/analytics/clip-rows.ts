// The clip-row shape of every read that lists posts (the clip tray's listing, clips by id, the
// export, duplicates, the dashboard's top posts): bin_clips with its clip's text and link and
// its author's name, and its mapping to the contract's TopPost (a Clip adds the bin and the
// classification).
import type { TopPost } from '@listening/contract';
import type { z } from 'zod';
import type { Db } from '../db/connection.ts';

/** A bin's posts with their clip and the author the bin filed them under, columns left to the caller. */
export function binClipsWithText(db: Db) {
  return db.selectFrom('bin_clips').innerJoin('clips', 'clips.id', 'bin_clips.clip_id').leftJoin('authors', 'authors.id', 'bin_clips.author_id');
}

/** A clip row's columns from bin_clips and clips, all but the author's name (clipRows adds it). */
export const CLIP_COLUMNS = [
  'bin_clips.id',
  'bin_clips.clip_id',
  'bin_clips.stream_id',
  'bin_clips.author_id',
  'clips.body',
  'bin_clips.posted_at',
  'clips.link',
  'bin_clips.ave',
  'bin_clips.impact_score',
  'bin_clips.favourability_id',
  'bin_clips.brand_association_id',
  'bin_clips.bin_id',
  'bin_clips.classification_id',
] as const;

/** The clip columns every listing answers (the contract's Clip), from bin_clips, clips and authors. */
export function clipRows(db: Db) {
  return binClipsWithText(db).select([...CLIP_COLUMNS, 'authors.name as author_name']);
}
export type ClipRow = Awaited<ReturnType<ReturnType<typeof clipRows>['execute']>>[number];

/** A clip row as the contract's TopPost: AVE to the cent, the posting time as an ISO instant. */
export function toTopPost(r: ClipRow): z.infer<typeof TopPost> {
  return {
    Id: Number(r.id),
    ClipId: Number(r.clip_id),
    StreamId: r.stream_id,
    AuthorId: r.author_id === null ? null : Number(r.author_id),
    AuthorName: r.author_name ?? '',
    Body: r.body,
    DatePosted: new Date(r.posted_at).toISOString(),
    Link: r.link,
    AVE: Math.round(Number(r.ave) * 100) / 100,
    ImpactScore: Number(r.impact_score),
    FavourabilityId: r.favourability_id,
    BrandAssociationId: r.brand_association_id,
  };
}
