// After `vite build`: prints the gzipped JavaScript each budgeted page downloads before it can draw
// (scripts/bundle-budgets.json, measured by page-weights.mjs), so every build log shows it; the budgets themselves
// are enforced by scripts/bundle-budgets.test.mjs (decision 093). Fails the build when echarts leaks out of the
// 数据分析 tab's chunk (decision 066).
import fs from 'node:fs';
import path from 'node:path';
import { pageWeights } from './page-weights.mjs';

const dist = path.resolve(process.argv[2] ?? 'dist');
const assets = path.join(dist, 'assets');

for (const row of pageWeights(dist)) {
  const over = row.kb > row.budgetKb;
  console.log(`${row.page.padEnd(26)} ${row.kb.toFixed(1).padStart(6)} KB gzipped JS in ${String(row.files.length).padStart(2)} files (budget ${row.budgetKb} KB)${over ? '  OVER BUDGET' : ''}`);
}

// echarts is loaded only by the 数据分析 tab (decision 066): its code (zrender inside) lives in the one chunk the tab
// imports dynamically, never in the admin bundle, the shell or a public page.
const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
const withEcharts = files.filter((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes('zrender'));
const strayEcharts = withEcharts.filter((f) => !f.startsWith('echarts-setup-'));
if (withEcharts.length === 0 || strayEcharts.length > 0) {
  console.log(`echarts chunks: ${withEcharts.join(', ') || 'none'}  STRAY: ${strayEcharts.join(', ')}`);
  process.exit(1);
}
console.log(`echarts only in ${withEcharts[0]}`);
