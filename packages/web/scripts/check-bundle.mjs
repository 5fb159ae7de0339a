// After `vite build`: gzipped JavaScript each key page downloads before it can render (the entry, its
// static imports, the page chunk and the page chunk's static imports). Fails the build when the home page
// exceeds docs/design.md §5's 170 KB budget, so a stray import of antd or zod into the shell is caught at once.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const assets = path.join(dist, 'assets');
const HOME_BUDGET_KB = 170;

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('entry script not found in dist/index.html');
const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));

function staticImports(file) {
  const src = fs.readFileSync(path.join(assets, file), 'utf8');
  const found = new Set();
  for (const m of src.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

function closure(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

const gzipKb = (set) =>
  [...set].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, f))).length, 0) / 1024;

function pageChunk(name) {
  const file = files.find((f) => f.startsWith(`${name}-`));
  if (!file) throw new Error(`chunk ${name} not found`);
  return file;
}

const pages = {
  '/ (home)': [pageChunk('home-page')],
  // The password login is plain markup (decision 018): antd comes only with the SMS / register / reset forms.
  '/login': [pageChunk('login-screen')],
  '/agreement': [pageChunk('agreement-page')],
};

let failed = false;
for (const [label, chunks] of Object.entries(pages)) {
  const kb = gzipKb(closure([entry, ...chunks]));
  const isHome = label.startsWith('/ ');
  const over = isHome && kb > HOME_BUDGET_KB;
  if (over) failed = true;
  console.log(`${label.padEnd(12)} ${kb.toFixed(1).padStart(6)} KB gzipped JS${isHome ? ` (budget ${HOME_BUDGET_KB} KB)` : ''}${over ? '  OVER BUDGET' : ''}`);
}
// echarts is loaded only by the 数据分析 tab (decision 066): its code (zrender inside) lives in the one chunk the tab
// imports dynamically, never in the admin bundle, the shell or a public page.
const withEcharts = files.filter((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes('zrender'));
const strayEcharts = withEcharts.filter((f) => !f.startsWith('echarts-setup-'));
if (withEcharts.length === 0 || strayEcharts.length > 0) {
  failed = true;
  console.log(`echarts chunks: ${withEcharts.join(', ') || 'none'}${strayEcharts.length ? `  STRAY: ${strayEcharts.join(', ')}` : '  (expected echarts-setup only)'}`);
} else console.log(`echarts      only in ${withEcharts[0]}`);
if (failed) process.exit(1);
