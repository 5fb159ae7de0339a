import { defineConfig } from 'vitest/config';

// Unit tests cover the pure client logic (storage, response handling, return targets); pages are covered by
// the Playwright suite in packages/e2e, so no DOM environment is needed here.
export default defineConfig({
  // Pure functions: one module graph per worker instead of one per file (most of the suite's time was imports).
  test: { environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
