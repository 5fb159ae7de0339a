/**
 * bench:poster (decision 107): the share-poster renderer in this process. Renders distinct posters one after another
 * (every one a cache miss) for the p95, then 100 distinct posters at once while sampling this process's RSS for the
 * peak. Baselines beside it: the cached path (same inputs, served by hash) and a bare canvas fill + PNG encode.
 * Budget: p95 ≤ 150 ms per render; 100 concurrent renders with the process under 500 MB.
 */
import { createCanvas } from '@napi-rs/canvas';
import { DEFAULT_POSTER_TEMPLATES } from '@summit/domain';
import { PosterCache, renderCached } from '../../api/src/modules/posters/posters.render.ts';

const BUDGET = { p95Ms: 150, peakMb: 500 };
const SEQUENTIAL = 120;
const CONCURRENT = 100;
const names = ['王小明', '李雷', '韩梅梅', '张伟', '刘洋', '陈静', '杨帆', '赵磊'];
const schools = ['北京四中', '上海中学', '华南师大附中', '南京外国语学校'];

const input = (i: number) => ({
  template: DEFAULT_POSTER_TEMPLATES[i % 2 ? 'enroll' : 'talent-hunt'],
  values: { name: `${names[i % names.length]}${i}`, school: schools[i % schools.length]!, programme: '峰会暑期学术项目' },
  qrText: `https://summit.example.cn/?ref=th.${i.toString(36)}.AbCdEfGhIjKl`,
});
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main() {
  const cache = new PosterCache(512 * 1024 * 1024);
  await renderCached(input(-1), cache); // font load and first-use warm-up

  const bare: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    const c = createCanvas(750, 1200);
    const g = c.getContext('2d');
    g.fillStyle = '#1f3a68';
    g.fillRect(0, 0, 750, 1200);
    await c.encode('png');
    bare.push(performance.now() - t0);
  }

  const miss: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    const r = await renderCached(input(i), cache);
    miss.push(performance.now() - t0);
    if (r.cached) throw new Error('expected a cache miss');
  }
  const hit: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    const r = await renderCached(input(i), cache);
    hit.push(performance.now() - t0);
    if (!r.cached) throw new Error('expected a cache hit');
  }

  const fresh = new PosterCache(512 * 1024 * 1024);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => renderCached(input(10_000 + i), fresh)));
  const wall = performance.now() - t0;
  peak = Math.max(peak, process.memoryUsage().rss);
  clearInterval(sampler);

  const p = Math.round(p95(miss));
  const peakMb = mb(peak);
  console.log(`[poster] baseline bare 750×1200 fill + PNG encode: p95 ${p95(bare).toFixed(1)} ms`);
  console.log(`[poster] baseline cached (same inputs, by hash): p95 ${p95(hit).toFixed(3)} ms`);
  console.log(`[poster] render (cache miss, ${SEQUENTIAL} sequential): p95 ${p} ms`);
  console.log(`[poster] ${CONCURRENT} concurrent renders: ${Math.round(wall)} ms wall, peak RSS ${peakMb} MB`);
  console.log(`[poster] budget (p95 ≤ ${BUDGET.p95Ms} ms, peak ≤ ${BUDGET.peakMb} MB): ${p <= BUDGET.p95Ms && peakMb <= BUDGET.peakMb ? 'met' : 'NOT met'}`);
  console.log(`poster: p95 ${p} ms; ${CONCURRENT} concurrent peak ${peakMb} MB`);
}

await main();
