// The dialog's lists (saved reports, request log, schedules) grow by 10 rows a step: load more
// adds a step, step back takes the last one away, and an end marker says everything is shown.
import { LIST_PAGE_ROWS } from '@listening/contract';

export interface ListView<T> {
  rows: T[];
  /** The steps shown, clamped to what the rows fill (at least 1). */
  steps: number;
  total: number;
  canLoadMore: boolean;
  canStepBack: boolean;
  /** Everything is shown (and there is something to show). */
  atEnd: boolean;
}

export function listView<T>(all: readonly T[], steps: number, size: number = LIST_PAGE_ROWS): ListView<T> {
  const total = all.length;
  const maxSteps = Math.max(1, Math.ceil(total / size));
  const shownSteps = Math.min(Math.max(1, Math.floor(steps)), maxSteps);
  const rows = all.slice(0, shownSteps * size);
  return {
    rows,
    steps: shownSteps,
    total,
    canLoadMore: rows.length < total,
    canStepBack: shownSteps > 1,
    atEnd: total > 0 && rows.length >= total,
  };
}
