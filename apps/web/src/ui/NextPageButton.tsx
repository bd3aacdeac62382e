// The button under a paged list that loads its next page ('Load More', 'Older entries'). It waits
// while the list is being read again (after a rating, or once the demo corpus is whole): a next
// page asked for during that refetch would be read after the old pages' cursor and could repeat
// or skip posts (TanStack Query's note on fetchNextPage while fetching), so it is not asked then.
import { Button, Group, type ButtonProps, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What the button needs of an infinite query. */
export interface PagedList {
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

export function NextPageButton({
  list,
  children,
  variant = 'default',
  ...group
}: { list: PagedList; children: ReactNode; variant?: ButtonProps['variant'] } & Omit<GroupProps, 'children'>) {
  if (!list.hasNextPage) return null;
  return (
    <Group justify="center" {...group}>
      <Button variant={variant} loading={list.isFetching} onClick={() => void list.fetchNextPage({ cancelRefetch: false })}>
        {children}
      </Button>
    </Group>
  );
}
