import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Journeys that change what every later journey reads of the shared demo server: they run last.
 * sentiment-teach rates posts and adapts Acme Beverages' own sentiment model, which then scores
 * the client's posts (existing and new) its way; journeys that open a card's negative posts
 * need the demo's own mix of sentiment, so they must come before it.
 */
const LAST = ['sentiment-teach.e2e.ts'];

class LastOnesLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLast = (f: TestSpecification) => LAST.some((name) => f.moduleId.endsWith(`/${name}`));
    return [...sorted.filter((f) => !isLast(f)), ...sorted.filter(isLast)];
  }
}

// Browser journeys: one product server (PGlite, fresh data folder, demo seed) for the whole run,
// driven by Debian's Chromium through playwright-core. Files run one at a time (2 cores).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    sequence: { sequencer: LastOnesLast },
  },
});
