/**
 * The single-page app's shell for a client route (/admin/reconciliation, /student/checkin…): the built
 * index.html, read on every request so a deploy takes effect at once. When there is no shell to send (the web
 * app is not built, or dist/ is being rebuilt and index.html is momentarily gone) a page path still gets a page in
 * Chinese, never a framework's bare English "404 Not Found".
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A browser asking for a page: an Accept header naming HTML (or none at all, as curl and some crawlers send). */
export function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept === '' || /text\/html|application\/xhtml\+xml|\*\/\*/.test(accept);
}

/** The stand-in page: the site's name, what happened and the way home. Self-contained (no script, no asset). */
export const MISSING_SHELL_HTML = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>页面暂时无法打开 - Summit</title></head>
<body style="font-family: system-ui, sans-serif; text-align: center; padding: 64px 16px; color: #333">
<h1 style="font-size: 20px">页面暂时无法打开</h1>
<p>网站正在更新或您访问的页面不存在，请稍后刷新重试。</p>
<p><a href="/">返回首页</a></p>
</body>
</html>
`;

/** Sends index.html from `webDist`, or the Chinese stand-in page (404) when there is none. */
export async function sendAppShell(reply: FastifyReply, webDist: string | null): Promise<FastifyReply> {
  reply.header('cache-control', 'no-cache');
  if (webDist !== null) {
    try {
      const html = await readFile(path.join(webDist, 'index.html'));
      return reply.code(200).type('text/html; charset=utf-8').send(html);
    } catch (err) {
      reply.log.warn({ err }, 'app shell: index.html unreadable; the Chinese stand-in page sent');
    }
  }
  return reply.code(404).type('text/html; charset=utf-8').send(MISSING_SHELL_HTML);
}
