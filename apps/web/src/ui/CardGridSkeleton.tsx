import { Skeleton, SimpleGrid } from '@mantine/core';

/** The columns of a grid of cards (clients, projects): one on a phone, four on a wide screen. */
export const CARD_GRID_COLS = { base: 1, sm: 2, md: 3, lg: 4 };

/** Eight grey cards of the given height in the card grid, while its cards are read. */
export function CardGridSkeleton({ height }: { height: number }) {
  return (
    <SimpleGrid cols={CARD_GRID_COLS}>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} h={height} radius="md" />
      ))}
    </SimpleGrid>
  );
}
