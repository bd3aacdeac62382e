// What every component test starts and ends with: toasts recorded instead of shown, and after each
// test the DOM, the mocks, the stubbed globals (fetch) and the stored session put back, so one test
// never leaks into the next.
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setToken } from '../api/client.ts';

/** Call at the top of a test file; `signedIn` stores a token before each test, as after a login. */
export function isolateEachTest({ signedIn = false }: { signedIn?: boolean } = {}): void {
  beforeEach(() => {
    localStorage.clear();
    if (signedIn) setToken('tok');
    vi.spyOn(notifications, 'show').mockImplementation(() => '');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

/** The toasts the test has shown so far (isolateEachTest records them). */
export const shownToasts = () => vi.mocked(notifications.show);
