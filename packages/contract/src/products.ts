// Product gating: which locked product, if any, stands between a project
// and a feature. One pure rule, used by the web app's side menu and by the server's endpoints, so
// a locked item and a 403 always agree. The specification shows only part of the rules; what we
// chose where it is silent is written up in docs/dashboard.md ("Product gating").
import { PRODUCTS, type PricePeriod, type ProductKey } from './constants.ts';

export type GatedItem = 'Notifications' | 'Sentiment' | 'ReactionLists' | 'DeepDive' | 'SortBins' | 'InputBins';
export const GATED_ITEMS: readonly GatedItem[] = ['Notifications', 'Sentiment', 'ReactionLists', 'DeepDive', 'SortBins', 'InputBins'];

/** What the product-details dialog shows beside the name and price. */
export const PRODUCT_DESCRIPTIONS: Record<ProductKey, string> = {
  Notifications: 'Per-contact notifications: chosen contacts hear about new mentions by e-mail and in the bell, as they happen.',
  Sentiment:
    'Sentiment rating: the Sentiment screen, with every mention’s rating over time, its breakdown by owned, earned and chatter, and daily insights per sentiment.',
  ReactionLists: 'Reaction lists: word lists that raise an alert the moment a matching post appears, for crisis and reaction monitoring.',
  DeepDive: 'Deep dive: hashtags, urls, handles and named entities broken down over time, compared side by side.',
  SortBins: 'Sort bins: sub-folders that sort a project’s mentions by topic with their own rules, each usable as the dashboard.',
  InputBins: 'Input bins: folders you fill by hand with posts that no rule would find.',
};

/**
 * Sort Bins is sold under three codes. Our reading: KPOZ10 unlocks sort bins in every
 * project type; CPOZ10 only in campaign and hashtag projects (types 2, 3); CIOZ10 only in
 * influencer and competitor projects (types 6, 7).
 */
const SORT_BIN_CODE_TYPES: Record<string, readonly number[] | 'all'> = {
  KPOZ10: 'all',
  CPOZ10: [2, 3],
  CIOZ10: [6, 7],
};

/** True when the owned codes unlock the item in a project of this type. */
function unlocks(item: GatedItem, projectTypeId: number, owned: ReadonlySet<string>): boolean {
  if (item === 'SortBins') {
    return Object.entries(SORT_BIN_CODE_TYPES).some(([code, types]) => owned.has(code) && (types === 'all' || types.includes(projectTypeId)));
  }
  // Input bins live inside the sort-bin tree: they need their own code and sort bins unlocked.
  if (item === 'InputBins') return owned.has(PRODUCTS.InputBins.codes[0]) && unlocks('SortBins', projectTypeId, owned);
  return PRODUCTS[item].codes.some((c) => owned.has(c));
}

/**
 * The product that locks `item` for a project of `projectTypeId` whose client owns `ownedCodes`,
 * or null when the item is open. Every gated item maps to the product of the same key.
 */
export function lockedProduct(item: GatedItem, projectTypeId: number, ownedCodes: readonly string[]): ProductKey | null {
  return unlocks(item, projectTypeId, new Set(ownedCodes)) ? null : item;
}

/** What the product-details dialog shows for a locked product. */
export function productDetails(key: ProductKey): {
  key: ProductKey;
  name: string;
  description: string;
  price: number;
  period: PricePeriod;
  codes: readonly string[];
} {
  const p = PRODUCTS[key];
  return { key, name: p.name, description: PRODUCT_DESCRIPTIONS[key], price: p.price, period: p.period, codes: p.codes };
}

/** The message of a 403 from a locked feature's endpoint: names the product to buy. */
export function lockedMessage(key: ProductKey): string {
  return `${PRODUCTS[key].name} is a locked product for this project: add the ${PRODUCTS[key].name} product (${PRODUCTS[key].codes.join(' or ')}) to use it`;
}
