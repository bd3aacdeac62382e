// Core lookups (streams, favourability, brand association, classification): constants of the
// contract, listed once.
import {
  BRAND_ASSOCIATION_LOOKUP,
  CLASSIFICATION_NAMES,
  FAVOURABILITY_LOOKUP,
  STREAM_COLORS,
  STREAM_IDS,
  STREAM_NAMES,
  type OperationResult,
} from '@listening/contract';
import type * as C from '@listening/contract';

type Lookup = OperationResult<typeof C.getStreamLookup>;

export const streams: Lookup = STREAM_IDS.map((id) => ({ Id: id, Description: STREAM_NAMES[id], Color: STREAM_COLORS[id] }));
export const classifications: Lookup = Object.entries(CLASSIFICATION_NAMES).map(([id, d]) => ({ Id: Number(id), Description: d }));
export const favourability: Lookup = FAVOURABILITY_LOOKUP.map((f) => ({ ...f }));
export const brandAssociations: Lookup = BRAND_ASSOCIATION_LOOKUP.map((b) => ({ ...b }));
export const all: OperationResult<typeof C.getLookups> = {
  Streams: streams,
  Favourability: favourability,
  BrandAssociations: brandAssociations,
  Classifications: classifications,
};
