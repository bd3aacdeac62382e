// The followers module's background work: the linked profiles' follower counts (Follower Growth),
// read from their networks once a day.
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { FOLLOWER_SNAPSHOT_EVERY_MS, FOLLOWER_SNAPSHOT_QUEUE, followerSnapshotHandler, type FollowerJobConfig } from './snapshots.ts';

const quiet = { info: () => {}, warn: () => {} };

/** `config`: the networks and keys the job reads with, asked when it runs (null: network reads are off). */
export const followerJobs = (config: () => FollowerJobConfig | null): ModuleJobs => ({
  schedules: [{ name: 'follower-snapshots', queue: FOLLOWER_SNAPSHOT_QUEUE, everyMs: FOLLOWER_SNAPSHOT_EVERY_MS }],
  queues: (ctx) => ({
    [FOLLOWER_SNAPSHOT_QUEUE]: { leaseMs: 300_000, handler: followerSnapshotHandler(ctx.db, config, { log: ctx.log ?? quiet }) },
  }),
});
