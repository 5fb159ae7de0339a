import { defineConfig } from 'vitest/config';

// Pure functions: one module graph per worker instead of one per file (most of the suite's time was imports).
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], isolate: false },
});
