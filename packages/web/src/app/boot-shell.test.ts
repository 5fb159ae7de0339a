import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageSkeleton } from './page-loading.tsx';

const indexHtml = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

describe('the boot shell in index.html', () => {
  it('draws the same skeleton as the app, so the hand-over from HTML to React does not jump', () => {
    expect(indexHtml).toContain(renderToStaticMarkup(createElement(PageSkeleton)));
  });

  it('has a top bar sized by CSS (no script has run yet) inside #root, which React replaces', () => {
    const root = indexHtml.slice(indexHtml.indexOf('<div id="root">'));
    expect(root).toMatch(/^<div id="root"><div id="boot" class="app[^"]*"><header class="topbar [^"]*topbar--prerendered/);
  });
});
