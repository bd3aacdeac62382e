// Posts added to an input bin by hand (the form) or from a CSV file. Each becomes a clip of the
// project through ingestion's one door (ingest/index.ts ingestPosts), as a collected post does:
// normalised, enriched (language, sentiment, entities, terms), matched against the project's own
// rules (so a sort bin whose rule it meets gets it too), valued (AVE at the client's CPM, impact)
// and filed with the rollups in one statement (ledger/), in the input bin and the project's root
// bin. All or nothing: a file with any row in trouble stores none of its rows. A post's id is
// derived from its network, author, time and text, so adding the same post (or file) again adds
// nothing.
// Its ids (the clip's and the author's) are the project's own (`manual:<project id>:…`): what
// one client types never reaches another client's rows, even for the same author and text.
import { BIN_TYPE, STREAM_NAMES, csvProblemsMessage, parsePostDate, readInputBinCsv, type CsvProblem, type ManualPost } from '@listening/contract';
import type * as C from '@listening/contract';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { clientTimeZone, fromWall } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import type { ProjectRow } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { ingestPosts, normalise, type Post } from '../../ingest/index.ts';
import { fold } from '../../nlp/text.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';
import { subBinForChange } from './sub-bins.ts';

type Result = z.input<typeof C.AddPostsResult>;
const DAY_MS = 86_400_000;

const streamLabel = (id: number) => STREAM_NAMES[id as keyof typeof STREAM_NAMES] ?? (id === 13 ? 'Blog' : `stream ${id}`);

/** The post as the pipeline takes it, or the problem that keeps it out (the project's networks, a date in the future). */
function toPost(p: ManualPost, project: ProjectRow, timeZone: string, now: number): Post | string {
  const streams = (project.stream_ids ?? []).map(Number);
  if (!streams.includes(p.streamId)) return `This project does not listen to ${streamLabel(p.streamId)}: choose one of ${streams.map(streamLabel).join(', ')}`;
  const postedAt = fromWall(parsePostDate(p.datePosted)!, timeZone);
  if (postedAt.getTime() > now + DAY_MS) return `The date ${p.datePosted} is in the future`;
  const handle = p.author.startsWith('@') ? p.author.slice(1).trim() : null;
  const id = createHash('sha256')
    .update(JSON.stringify([p.streamId, fold(p.author), postedAt.toISOString(), p.text]))
    .digest('hex')
    .slice(0, 32);
  return {
    streamId: p.streamId,
    externalId: `manual:${project.id}:${id}`,
    author: { externalId: `manual:${project.id}:${fold(p.author)}`, name: p.author, handle, followers: p.followers ?? 0 },
    body: p.text,
    postedAt,
    link: p.link || null,
    likes: p.likes,
    comments: p.comments,
    shares: p.shares,
    views: p.views,
  };
}

/** Stores posts already checked by the contract (ManualPost); `row` numbers them in messages (a file's rows). */
async function addPosts(db: Db, user: AuthUser, binId: number, input: { row: number | null; post: ManualPost }[]): Promise<Result> {
  const { bin, project } = await subBinForChange(db, user, binId);
  if (bin.bin_type_id !== BIN_TYPE.InputBin) throw badRequest(`${bin.name} is a sort bin: posts are added by hand to input bins only`);
  const timeZone = await clientTimeZone(db, project.client_id);
  const now = Date.now();
  const problems: CsvProblem[] = [];
  const byKey = new Map<string, Post>();
  for (const { row, post } of input) {
    const p = toPost(post, project, timeZone, now);
    if (typeof p === 'string') {
      problems.push({ row, message: p });
      continue;
    }
    const normal = normalise(p, now);
    if (typeof normal === 'string') problems.push({ row, message: `The post cannot be stored (${normal.replace('_', ' ')})` });
    else byKey.set(normal.externalId, normal); // the same post twice in a file is one post
  }
  if (problems.length) throw badRequest(input.length === 1 && input[0].row === null ? problems[0].message : csvProblemsMessage(problems));
  const posts = [...byKey.values()];
  const already = await q.clipsAlreadyInBin(db, binId, posts);
  // Filed under the project's rules and in this input bin, as one batch, so one statement: the
  // file is stored whole or not at all. A count the file leaves out is the stored clip's, for AVE
  // and impact as for the clip (ledger/file-posts.ts).
  await ingestPosts(db, posts, { scope: { ownerProjectId: project.id, inputBinId: binId }, batchSize: posts.length });
  return { Received: input.length, Added: posts.length - already, AlreadyInBin: already };
}

/** One post from the form. */
export function addBinPost(db: Db, user: AuthUser, body: z.output<typeof C.AddBinPostBody>): Promise<Result> {
  const { binId, ...post } = body;
  return addPosts(db, user, binId, [{ row: null, post }]);
}

/** The posts of a CSV file: every row checked first; any problem answers 400 listing rows, and nothing is stored. */
export async function uploadBinPosts(db: Db, user: AuthUser, binId: number, csv: string): Promise<Result> {
  // Access first: a bin the caller may not see answers 404 whatever the file holds.
  await subBinForChange(db, user, binId);
  const reading = readInputBinCsv(csv);
  if (reading.problems.length) throw badRequest(csvProblemsMessage(reading.problems));
  return addPosts(db, user, binId, reading.rows);
}
