import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';

export const ClientSubfoldersQuery = z.object({ clientId: zId });

/** A sub-bin (folder or subfolder) as the specification's Bin entity names its fields, with its project and type. */
export const Subfolder = z.object({
  Id: z.number(),
  Name: z.string(),
  /** The parent bin: the project's root bin for a folder, a folder for a subfolder. */
  ParentId: z.number().nullable(),
  StreamId: z.number().nullable(),
  DateCreated: z.string(),
  DateModified: z.string(),
  IsDeleted: z.boolean(),
  ClientId: z.number(),
  /** The project the bin belongs to. */
  ForeignId: z.number(),
  /** 2 sort bin, 6 input bin. */
  BinTypeId: z.number(),
});
export type Subfolder = z.infer<typeof Subfolder>;
export const SubfolderList = z.array(Subfolder);

/** Every sort and input bin of the client's projects, parents before children (the tree view's picker). */
export const listClientSubfolders = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/subfolder/getall',
  summary: "The client's folders and subfolders (sort and input bins of every project it may see)",
  tags: ['tree-view'],
  access: 'user',
  query: ClientSubfoldersQuery,
  response: SubfolderList,
});
