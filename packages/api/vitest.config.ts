import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Each file gets its own database; two cores run two files at a time.
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the app is imported once per worker,
    // not once per file (that import was most of the suite's time). Each file still builds its own app on its
    // own database; no test file may count on module state left fresh by another (none sets process.env).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
