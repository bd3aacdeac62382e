// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { DemoLoadingBanner } from './DemoLoadingBanner.tsx';
import { isolateEachTest } from '../test/each-test.ts';

isolateEachTest();

const starting = (extra: object) =>
  Response.json({ statusCode: 503, error: 'Service Unavailable', message: 'starting', status: 'starting', ...extra }, { status: 503 });

/** The server's /healthz answers, one per call, the last one repeated. */
function stubHealth(...answers: (() => Response)[]) {
  let calls = 0;
  const fetch = vi.fn(async (url: string) => {
    if (!url.startsWith('/healthz')) return Response.json([]);
    return answers[Math.min(calls++, answers.length - 1)]();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the demo data banner', () => {
  it('says how many days of the demo corpus are in while the server writes it', async () => {
    stubHealth(() => starting({ phase: 'demo', demo: { daysLoaded: 12, days: 90 } }));
    renderScreen(DemoLoadingBanner);
    expect((await screen.findByTestId('demo-loading-banner')).textContent).toMatch(/Demo data still loading: 12 of 90 days/);
    // A 503 here is the server's progress, not an error to show.
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('is not there once the server is ready, nor while it says nothing of a corpus', async () => {
    for (const answer of [() => Response.json({ status: 'ok' }), () => starting({ phase: 'database' })]) {
      const fetch = stubHealth(answer);
      renderScreen(DemoLoadingBanner);
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByTestId('demo-loading-banner')).toBeNull();
      cleanup();
    }
  });
});
