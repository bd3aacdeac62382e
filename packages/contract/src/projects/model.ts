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
