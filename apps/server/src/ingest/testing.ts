// A small project for tests and benchmarks: client, project with a root bin, a sort bin and an
// input bin, rules on them, and optionally an owned profile. The demo seed is someone else's;
// this only makes what the ingestion tests need.
import { BIN_TYPE } from '@listening/contract';
import type { Db } from '../db/connection.ts';
import type { Post } from './post.ts';

export interface SeededProject {
  clientId: number;
  projectId: number;
  rootBinId: number;
  sortBinId: number;
  inputBinId: number;
}

export async function seedProject(
  db: Db,
  opts: {
    name?: string;
    streamIds?: number[];
    rules?: { bin: 'root' | 'sort' | 'input'; expression: string; kind?: string }[];
    profile?: { streamId: number; externalId: string; handle: string };
    cpm?: Record<string, number>;
  } = {},
): Promise<SeededProject> {
  const client = await db
    .insertInto('clients')
    .values({ name: opts.name ?? 'Acme', cpm: opts.cpm ? JSON.stringify(opts.cpm) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const root = await db
    .insertInto('bins')
    .values({ client_id: client.id, name: opts.name ?? 'Acme', bin_type_id: BIN_TYPE.ProjectRoot })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({
      client_id: client.id,
      description: opts.name ?? 'Acme',
      project_type_id: 1,
      stream_ids: opts.streamIds ?? [7, 8, 9, 10, 11],
      start_date: new Date('2024-01-01'),
      bin_id: root.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('bins').set({ project_id: project.id }).where('id', '=', root.id).execute();
  const sort = await db
    .insertInto('bins')
    .values({ client_id: client.id, project_id: project.id, parent_id: root.id, name: 'Complaints', bin_type_id: BIN_TYPE.SortBin })
    .returning('id')
    .executeTakeFirstOrThrow();
  const input = await db
    .insertInto('bins')
    .values({ client_id: client.id, project_id: project.id, parent_id: root.id, name: 'Campaign', bin_type_id: BIN_TYPE.InputBin })
    .returning('id')
    .executeTakeFirstOrThrow();
  const binOf = { root: root.id, sort: sort.id, input: input.id };
  for (const r of opts.rules ?? [{ bin: 'root' as const, expression: 'acme' }])
    await db
      .insertInto('bin_rules')
      .values({ bin_id: binOf[r.bin], kind: r.kind ?? 'phrase', expression: r.expression })
      .execute();
  if (opts.profile)
    await db
      .insertInto('profiles')
      .values({
        project_id: project.id,
        stream_id: opts.profile.streamId,
        external_id: opts.profile.externalId,
        name: opts.profile.handle,
        handle: opts.profile.handle,
      })
      .execute();
  return { clientId: client.id, projectId: project.id, rootBinId: root.id, sortBinId: sort.id, inputBinId: input.id };
}

let n = 0;
export function makePost(body: string, over: Partial<Post> = {}): Post {
  n++;
  return {
    streamId: 7,
    externalId: `p${n}`,
    author: { externalId: `u${n % 50}`, name: `User ${n % 50}`, handle: `user${n % 50}`, followers: 1000 },
    body,
    postedAt: new Date('2024-06-01T10:15:00Z'),
    likes: 10,
    comments: 2,
    shares: 1,
    ...over,
  };
}
