import { defineConfig } from 'vitest/config';

// Browser journeys: one product server (PGlite, fresh data folder, demo seed) for the whole run,
// driven by Debian's Chromium through playwright-core. Files run one at a time (2 cores).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
