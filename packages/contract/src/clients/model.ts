// Shapes of clients and the products they own, shared by the client and project operations and
// the screens that show them. Field names are the wire's own.
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../constants.ts';

export const Client = z.object({
  Id: z.number(),
  Name: z.string(),
  IsActive: z.boolean(),
  /** The client's IANA time zone: every time and date the app shows for the client is on its clock. */
  TimeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type Client = z.infer<typeof Client>;
export const ClientList = z.array(Client);

/** The product codes a client owns (client/products, project/:id/products). */
export const ProductList = z.array(z.object({ ProductCode: z.string() }));
