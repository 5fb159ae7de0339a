#!/usr/bin/env node
// Builds the mini-program (decision 097) into dist/, the layout WeChat's developer tools upload
// (project.config.json's miniprogramRoot): TypeScript compiled to CommonJS beside each page's .json, .wxml
// and .wxss, and app.json, app.wxss, sitemap.json. MINIPROGRAM_SITE_ORIGIN (the site's https origin, also the
// mini-program's request and business domain) and MINIPROGRAM_VARIANT (main | com) are written into config.js.
// Fails when a page of app.json lacks one of its four files.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');
const DIST = path.join(ROOT, 'dist');
const TSC = path.resolve(ROOT, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');

const origin = process.env.MINIPROGRAM_SITE_ORIGIN;
if (origin !== undefined && !/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
  console.error(`MINIPROGRAM_SITE_ORIGIN must be an https origin without a path, e.g. https://summit.example.cn (got ${origin})`);
  process.exit(1);
}
const variant = process.env.MINIPROGRAM_VARIANT ?? 'main';
if (variant !== 'main' && variant !== 'com') {
  console.error(`MINIPROGRAM_VARIANT must be main or com (got ${variant})`);
  process.exit(1);
}

rmSync(DIST, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [TSC, '-p', path.join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

/** Everything that is not TypeScript (page json, wxml, wxss, app.json, sitemap.json) goes over as it is. */
function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const from = path.join(dir, name);
    if (statSync(from).isDirectory()) {
      if (name !== 'test') copyAssets(from);
      continue;
    }
    if (name.endsWith('.ts')) continue;
    const to = path.join(DIST, path.relative(SRC, from));
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(from, to);
  }
}
copyAssets(SRC);

const configFile = path.join(DIST, 'config.js');
let config = readFileSync(configFile, 'utf8');
if (origin) config = config.replace(/siteOrigin: '[^']*'/, `siteOrigin: ${JSON.stringify(origin)}`);
config = config.replace(/variant: '[^']*'/, `variant: ${JSON.stringify(variant)}`);
writeFileSync(configFile, config);

const app = JSON.parse(readFileSync(path.join(DIST, 'app.json'), 'utf8'));
const missing = [];
for (const page of ['app', ...app.pages]) {
  const exts = page === 'app' ? ['.js', '.json', '.wxss'] : ['.js', '.json', '.wxml', '.wxss'];
  for (const ext of exts) if (!existsSync(path.join(DIST, `${page}${ext}`))) missing.push(`${page}${ext}`);
}
if (missing.length) {
  console.error(`mini-program build is missing: ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`mini-program built to dist/ (${app.pages.length} pages, variant ${variant}${origin ? `, site ${origin}` : ''})`);
