// The JavaScript each budgeted page downloads before it can draw (decision 093), read from the build's manifest
// (dist/.vite/manifest.json): the entry (index.html) and its static imports, the page's lazy chunk and its static
// imports, and for antd pages antd's root (the router loads it beside the page: app/router.tsx). Gzipped at
// level 9 (as nginx and the API's compression are at most), summed per file.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ANTD_ROOT = 'src/components/antd/antd-root.tsx';

export function readBudgets() {
  return JSON.parse(fs.readFileSync(path.join(WEB, 'scripts', 'bundle-budgets.json'), 'utf8')).pages;
}

export function readManifest(dist = path.join(WEB, 'dist')) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} missing: run the build (npm run build) first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every file a manifest entry loads: itself and its static imports, transitively (the JS files only). */
function closure(manifest, keys) {
  const files = new Set();
  const stack = [...keys];
  const seen = new Set();
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    stack.push(...(chunk.imports ?? []));
  }
  return files;
}

const gzipCache = new Map();
function gzipBytes(dist, file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** One row per budgeted page: its files, their gzipped size in KB, its budget. */
export function pageWeights(dist = path.join(WEB, 'dist'), budgets = readBudgets()) {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  return budgets.map(({ page, source, antd = false, budgetKb }) => {
    const files = closure(manifest, [entry, source, ...(antd ? [ANTD_ROOT] : [])]);
    const bytes = [...files].reduce((sum, file) => sum + gzipBytes(dist, file), 0);
    return { page, files: [...files], kb: bytes / 1024, budgetKb };
  });
}
