// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPlain } from '../test/render.tsx';
import { isolateEachTest } from '../test/each-test.ts';
import { NextPageButton, type PagedList } from './NextPageButton.tsx';

isolateEachTest();

const list = (state: Partial<PagedList>): PagedList => ({
  hasNextPage: true,
  isFetching: false,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(async () => undefined),
  ...state,
});

describe('the next-page button', () => {
  it('loads the next page without cancelling a refresh of the list', () => {
    const l = list({});
    renderPlain(<NextPageButton list={l}>Load More</NextPageButton>);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(l.fetchNextPage).toHaveBeenCalledWith({ cancelRefetch: false });
  });

  it('waits while the list is read again, so a page is never read after stale cursors', () => {
    const l = list({ isFetching: true });
    renderPlain(<NextPageButton list={l}>Load More</NextPageButton>);
    const button = screen.getByRole('button', { name: 'Load More' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(l.fetchNextPage).not.toHaveBeenCalled();
  });

  it('is not there when the list has no more pages', () => {
    renderPlain(<NextPageButton list={list({ hasNextPage: false })}>Load More</NextPageButton>);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });
});
