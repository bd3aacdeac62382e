// The core lookups (streams, favourability, brand association, classification): constants of the
// contract (constants.ts) served as lists.
import { z } from 'zod';

export const LookupItem = z.object({ Id: z.number(), Description: z.string(), Color: z.string().optional() });
export type LookupItem = z.infer<typeof LookupItem>;
/** One lookup: its ids with their descriptions and, where they have one, colours. */
export const Lookup = z.array(LookupItem);
/** Every lookup in one answer (core/all). */
export const Lookups = z.object({ Streams: Lookup, Favourability: Lookup, BrandAssociations: Lookup, Classifications: Lookup });
