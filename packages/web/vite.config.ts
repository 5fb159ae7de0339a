import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The chunks the entry loads before anything else runs (the entry and its static imports, transitively): every
 * lazy page starts after them, so listing them among a page's preload dependencies only makes the entry larger
 * (each dynamic import carries its dependency list, and the entry holds ~120 of them). Computed when the bundle
 * is complete, before Vite writes the lists (decision 093).
 */
const loadedWithEntry = new Set<string>();
function entryClosure(): Plugin {
  return {
    name: 'summit:entry-closure',
    enforce: 'pre',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loadedWithEntry.clear();
        const stack = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.isEntry ? [c.fileName] : []));
        while (stack.length > 0) {
          const file = stack.pop()!;
          const chunk = bundle[file];
          if (loadedWithEntry.has(file) || chunk?.type !== 'chunk') continue;
          loadedWithEntry.add(file);
          stack.push(...chunk.imports);
        }
      },
    },
  };
}

// The api serves dist/ in production on the same origin, so dev proxies /api to keep URLs identical.
export default defineConfig({
  plugins: [react(), entryClosure()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // The sandbox checkout page is served by the API itself.
      '/pay/sandbox': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: { proxy: { '/api': 'http://127.0.0.1:3000', '/pay/sandbox': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Report gzip sizes so the page budgets (scripts/bundle-budgets.json, decision 093) stay visible in every build log.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks each page loads, for the page budgets (scripts/page-weights.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'boot',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
    modulePreload: {
      // A lazy page's preload list without the chunks already loaded with the entry (see entryClosure).
      resolveDependencies: (_file, deps) => (loadedWithEntry.size > 0 ? deps.filter((dep) => !loadedWithEntry.has(dep)) : deps),
    },
  },
});
