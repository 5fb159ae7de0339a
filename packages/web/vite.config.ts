import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The api serves dist/ in production on the same origin, so dev proxies /api to keep URLs identical.
export default defineConfig({
  plugins: [react()],
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
    // Report gzip sizes so the home-page budget (docs/design.md §5: ≤ 170 KB) stays visible in every build log.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
  },
});
