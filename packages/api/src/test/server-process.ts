import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The command line that starts the real server for the tests that spawn it (start-up recovery, scale-out).
 * `npm test` builds the api once before the suites and names the bundle in SUMMIT_API_ENTRY, so these tests
 * start what `npm start` runs instead of transpiling src/main.ts with tsx at every spawn; run on their own
 * (no bundle named) they start the source.
 */
export function serverArgs(): string[] {
  const entry = process.env.SUMMIT_API_ENTRY;
  if (entry && existsSync(entry)) return [path.resolve(entry)];
  return ['--import', 'tsx', 'src/main.ts'];
}
