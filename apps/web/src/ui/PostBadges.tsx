// A post's favourability and brand association as the post cards show them.
import { Badge, type MantineSize } from '@mantine/core';
import { BRAND_ASSOCIATION_LOOKUP, FAVOURABILITY_LOOKUP } from '@listening/contract';

export const favourabilityOf = (id: number) => FAVOURABILITY_LOOKUP.find((f) => f.Id === id);
// Chatter is 3, or 0 in older rows.
const brandOf = (id: number) => BRAND_ASSOCIATION_LOOKUP.find((b) => b.Id === id) ?? BRAND_ASSOCIATION_LOOKUP[2];

/** The post's rating as a light badge in its colour; nothing for an id the lookup does not know. */
export function FavourabilityBadge({ id, size = 'sm', testId }: { id: number; size?: MantineSize; testId?: string }) {
  const fav = favourabilityOf(id);
  return fav ? (
    <Badge size={size} variant="light" color={fav.Color} data-testid={testId}>
      {fav.Description}
    </Badge>
  ) : null;
}

/** Whose the post is to the brand (owned, earned, chatter), as a dot badge in its colour. */
export function BrandBadge({ id }: { id: number }) {
  const brand = brandOf(id);
  return (
    <Badge size="sm" variant="dot" color={brand.Color}>
      {brand.Description}
    </Badge>
  );
}
