// Page JavaScript budgets (decision 093): after the build, each page of scripts/bundle-budgets.json must download
// no more gzipped JavaScript than its budget before it can draw. Bytes are deterministic, so this is a test;
// speed (Lighthouse scores, blocking time) is measured by `npm run bench:web`, not tested. Run by `npm test`'s
// static checks after the build: node --test packages/web/scripts/bundle-budgets.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageWeights, readBudgets } from './page-weights.mjs';

const rows = pageWeights();

for (const row of rows) {
  test(`${row.page} loads at most ${row.budgetKb} KB of gzipped JavaScript`, () => {
    assert.ok(row.kb <= row.budgetKb, `${row.page}: ${row.kb.toFixed(1)} KB gzipped in ${row.files.length} files, over its ${row.budgetKb} KB budget:\n  ${row.files.join('\n  ')}`);
  });
}

test('the budgets cover the public pages and the student main pages', () => {
  const pages = readBudgets().map((b) => b.page);
  for (const page of ['/', '/instructions/tuition', '/faq', '/login', '/account', '/seminar', '/student/manage/courses']) assert.ok(pages.includes(page), `${page} has no budget`);
});
