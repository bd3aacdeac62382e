// Shapes of a client's projects, shared by the project operations and the screens that show them.
// Field names are the wire's own.
import { z } from 'zod';

export const Project = z.object({
  Id: z.number(),
  ClientId: z.number(),
  Description: z.string(),
  ProjectType: z.string(),
  ProjectTypeId: z.number(),
  ProjectSubTypeId: z.number().nullable(),
  /** Comma-separated stream ids. */
  StreamId: z.string(),
  StartDate: z.string(),
  StopDate: z.string().nullable(),
  BinId: z.number(),
  /** The client's time zone: hours and days of every figure and post time are read in it. */
  TimeZone: z.string(),
});
export type Project = z.infer<typeof Project>;
export const ProjectList = z.array(Project);

/** Where a step that would make a stream collect is taken: the linking screen, the server's settings, or the project's keywords. */
export const CollectionStepWhere = z.enum(['access-tokens', 'server', 'rules']);

/** One thing to do so that a stream collects ('Link a Facebook page', 'Set X_BEARER_TOKEN on the server …'). */
export const CollectionStep = z.object({ Text: z.string(), Where: CollectionStepWhere });
export type CollectionStep = z.infer<typeof CollectionStep>;

/** What collects one stream of a project now, or what is missing. */
export const StreamCollection = z.object({
  StreamId: z.number(),
  Name: z.string(),
  Collecting: z.boolean(),
  /** What brings its posts in ('X recent search for the project's keywords', 'the linked account @acme', 'the demo's simulator'). */
  Sources: z.array(z.string()),
  /** What real collection needs: empty when something real collects it (the simulator alone keeps them listed). */
  Steps: z.array(CollectionStep),
});
export type StreamCollection = z.infer<typeof StreamCollection>;

/** Whether anything brings a project's posts in, stream by stream (project/collection). */
export const CollectionStatus = z.object({
  /** At least one of the project's streams collects. */
  Collecting: z.boolean(),
  /** The demo's simulator makes up its posts (SIMULATOR=1). */
  Simulated: z.boolean(),
  /** One line: 'Collecting: X, Facebook' or 'Not collecting: nothing configured for X, Facebook, Instagram'. */
  Summary: z.string(),
  /** The streams with nothing configured, by name (empty when every stream collects). */
  NotCollecting: z.array(z.string()),
  Streams: z.array(StreamCollection),
});
export type CollectionStatus = z.infer<typeof CollectionStatus>;
