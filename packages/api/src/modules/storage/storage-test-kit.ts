import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { call } from '../../test/flows.ts';

/** Real first bytes of each type, padded to a size: enough for the magic-byte check. */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png-body-'.repeat(20))]);
export const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A Windows executable (MZ header) wearing a .png name. */
export const EXE_BYTES = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);

export interface Credential {
  endpoint: string;
  key: string;
  fields: Record<string, string>;
  file: { name: string; url: string };
  max_bytes: number;
  expires_at: string;
}

export async function getCredential(app: FastifyInstance, token: string, body: Record<string, unknown>, path = '/api/oss/credential') {
  return call<Credential>(app, 'POST', path, { token, body });
}

/** A browser-style multipart body: the credential's fields first, the file last (as S3 and OSS require). */
export function multipartBody(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer } | null) {
  const boundary = `----summit${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`, 'utf8'));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function postFile(app: FastifyInstance, fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer } | null) {
  const body = multipartBody(fields, file);
  const res = await app.inject({ method: 'POST', url: '/api/oss/upload', headers: { 'content-type': body.contentType }, payload: body.payload });
  let json: { status?: unknown; msg?: unknown } | null = null;
  try {
    json = res.body ? (res.json() as { status?: unknown; msg?: unknown }) : null;
  } catch {
    json = null;
  }
  return { http: res.statusCode, body: json };
}

export async function readBack(app: FastifyInstance, url: string, token?: string) {
  return app.inject({ method: 'GET', url: encodeURI(url), headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Uploads a small PDF the way the browser does (credential, then the signed POST) and returns its `{name, url}`. */
export async function uploadPdf(app: FastifyInstance, token: string, name = 'cv.pdf'): Promise<{ name: string; url: string }> {
  const cred = await getCredential(app, token, { file_name: name, type: 'application/pdf', file_size: PDF_BYTES.length });
  if (cred.body.status !== 200 || !cred.body.data) throw new Error(`credential refused: ${cred.body.status} ${cred.body.msg}`);
  const posted = await postFile(app, cred.body.data.fields, { name, type: 'application/pdf', bytes: PDF_BYTES });
  if (posted.http >= 300) throw new Error(`upload refused: ${posted.http}`);
  return cred.body.data.file;
}

export interface StandInBucket {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Objects by request path (`/bucket/key` path-style for S3, `/key` for OSS on a custom domain). */
  objects: Map<string, { sizeBytes: number; contentType: string }>;
  requests: Array<{ method: string; path: string; signed: boolean }>;
  /** Paths the bucket refuses (403 AccessDenied), as a misconfigured or unreachable bucket would. */
  refusing: Set<string>;
  close(): Promise<void>;
}

/**
 * A local HTTP stand-in for an S3 or OSS bucket, enough for HEAD and DELETE: the providers' real SDK clients
 * talk to it over the network, offline. It records each request and whether it carried a signature.
 */
export async function startStandInBucket(): Promise<StandInBucket> {
  const objects = new Map<string, { sizeBytes: number; contentType: string }>();
  const requests: StandInBucket['requests'] = [];
  const refusing = new Set<string>();
  const server = createServer((req, res) => {
    const target = decodeURIComponent(new URL(req.url ?? '/', 'http://stand-in').pathname);
    requests.push({ method: req.method ?? '', path: target, signed: typeof req.headers.authorization === 'string' && req.headers.authorization.length > 0 });
    req.resume();
    const object = objects.get(target);
    if (refusing.has(target)) return void res.writeHead(403).end();
    if (req.method === 'HEAD') {
      if (!object) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-length': object.sizeBytes, 'content-type': object.contentType, etag: '"stand-in"' }).end();
    }
    if (req.method === 'DELETE') {
      objects.delete(target);
      return void res.writeHead(204).end();
    }
    res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    refusing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
