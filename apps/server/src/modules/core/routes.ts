import { BRAND_ASSOCIATION_LOOKUP, CLASSIFICATION_NAMES, FAVOURABILITY_LOOKUP, STREAM_COLORS, STREAM_IDS, STREAM_NAMES } from '@listening/contract';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';

const Lookup = z.array(z.object({ Id: z.number(), Description: z.string(), Color: z.string().optional() }));
const streams = STREAM_IDS.map((id) => ({ Id: id, Description: STREAM_NAMES[id], Color: STREAM_COLORS[id] }));
const classifications = Object.entries(CLASSIFICATION_NAMES).map(([id, d]) => ({ Id: Number(id), Description: d }));
const favourability = FAVOURABILITY_LOOKUP.map((f) => ({ ...f }));
const brandAssociations = BRAND_ASSOCIATION_LOOKUP.map((b) => ({ ...b }));

/** Core lookups (streams, favourability, brand association, classification): constants of the contract. */
export function coreRoutes(app: App, _deps: Deps): void {
  app.addHook('onRequest', requireUser);
  app.get('/api/core/stream/all', { schema: { tags: ['core'], response: { 200: Lookup } }, handler: async () => streams });
  app.get('/api/core/favourability/all', { schema: { tags: ['core'], response: { 200: Lookup } }, handler: async () => favourability });
  app.get('/api/core/ba/all', { schema: { tags: ['core'], response: { 200: Lookup } }, handler: async () => brandAssociations });
  app.get('/api/core/cc/all', { schema: { tags: ['core'], response: { 200: Lookup } }, handler: async () => classifications });
  app.get('/api/core/all', {
    schema: { tags: ['core'], response: { 200: z.object({ Streams: Lookup, Favourability: Lookup, BrandAssociations: Lookup, Classifications: Lookup }) } },
    handler: async () => ({ Streams: streams, Favourability: favourability, BrandAssociations: brandAssociations, Classifications: classifications }),
  });
}
