import { z } from 'zod';
import { zId } from './common.ts';

export const Client = z.object({ Id: z.number(), Name: z.string(), IsActive: z.boolean() });
export type Client = z.infer<typeof Client>;
export const ClientList = z.array(Client);
export const ClientIdParams = z.object({ clientId: zId });
export const ProductList = z.array(z.object({ ProductCode: z.string() }));

export const Project = z.object({
  Id: z.number(),
  ClientId: z.number(),
  Description: z.string(),
  ProjectType: z.string(),
  ProjectTypeId: z.number(),
  ProjectSubTypeId: z.number().nullable(),
  /** Comma-separated stream ids (000 §3). */
  StreamId: z.string(),
  StartDate: z.string(),
  StopDate: z.string().nullable(),
  BinId: z.number(),
  /** The client's time zone: hours and days of every figure and post time are read in it. */
  TimeZone: z.string(),
});
export type Project = z.infer<typeof Project>;
export const ProjectList = z.array(Project);
export const ProjectQuery = z.object({ projectId: zId });
export const ProjectsQuery = z.object({ clientId: zId });
export const ProjectIdParams = z.object({ id: zId });

export const RenameBinQuery = z.object({
  binId: zId,
  binName: z.string({ error: 'binName is required' }).trim().min(1, 'binName is required').max(200, 'binName is longer than 200 characters'),
});
export const DeleteBinQuery = z.object({
  id: zId,
  isDeleted: z.enum(['true', 'false'], { error: 'isDeleted must be true or false' }).transform((v) => v === 'true'),
  clientId: zId,
});
