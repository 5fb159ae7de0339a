// A pass-through HTTP proxy that drops named response headers: bench:web's A/B mode (BENCH_VARIANTS) serves
// the same server through one proxy per variant, so header sets are compared on one build, interleaved run by
// run under the same machine load (decision 033's addendum).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeaderProxy {
  url: string;
  close(): Promise<void>;
}

export async function startHeaderProxy(target: string, dropHeaders: readonly string[]): Promise<HeaderProxy> {
  const upstream = new URL(target);
  const drop = new Set(dropHeaders.map((h) => h.toLowerCase()));
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent },
      (answer) => {
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !drop.has(name)));
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
