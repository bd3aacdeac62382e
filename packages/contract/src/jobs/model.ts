// Shapes of the job runner's admin view. Field names follow the wire's style.
import { z } from 'zod';

/** One queue: how many of its jobs are in each state. */
export const JobQueueRow = z.object({
  Queue: z.string(),
  Queued: z.number(),
  Running: z.number(),
  Done: z.number(),
  Failed: z.number(),
  /** The oldest due job still waiting: a worker is missing or behind when it is old. */
  OldestDue: z.string().nullable(),
});
/** A job that failed an attempt (Retrying: it will run again at NextRun) or gave up. */
export const JobFailure = z.object({
  Id: z.number(),
  Queue: z.string(),
  Key: z.string().nullable(),
  State: z.string(),
  Attempts: z.number(),
  MaxAttempts: z.number(),
  Error: z.string(),
  NextRun: z.string().nullable(),
  DateFinished: z.string().nullable(),
});
/** A recurring schedule. */
export const JobSchedule = z.object({ Name: z.string(), Queue: z.string(), EveryMs: z.number(), NextRun: z.string() });
export const JobsOverview = z.object({ Queues: z.array(JobQueueRow), Failures: z.array(JobFailure), Schedules: z.array(JobSchedule) });
export type JobsOverview = z.infer<typeof JobsOverview>;
