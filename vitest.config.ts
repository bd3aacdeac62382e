import { defineConfig } from 'vitest/config';

// Unit and API tests: every *.test.ts beside the code. Browser journeys live in e2e/ (own config).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
