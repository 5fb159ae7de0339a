/**
 * An over-large body is answered, never reset: over a real socket (app.inject cannot show a reset), every try gets
 * the 413 envelope with its Chinese message, whether the size is declared up front, found while reading a chunked
 * body, or an upload's file is over its limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MSG, MSG } from '@summit/domain';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createStaffToken, registerStudent } from '../test/flows.ts';
import { getCredential, multipartBody, PNG_BYTES } from '../modules/storage/storage-test-kit.ts';

const TRIES = 20;
const MB = 1024 * 1024;

interface Outcome {
  status?: number;
  body?: string;
  connection?: string;
  error?: string;
}

let t: TestApp;
let port: number;
let admin: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  student = (await registerStudent(t.app)).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

/**
 * Sends the body in 256 KB writes a couple of milliseconds apart, as a client on a real network does (on loopback
 * an unpaced client has usually handed the whole body to the kernel before the answer comes), and reports what
 * came back or the error.
 */
function send(method: string, path: string, body: Buffer, headers: Record<string, string>, opts: { chunked?: boolean } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = {};
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: { ...headers, ...(opts.chunked ? {} : { 'content-length': String(body.length) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => Object.assign(outcome, { status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), connection: String(res.headers.connection ?? '') }));
      res.on('error', (e: NodeJS.ErrnoException) => (outcome.error ??= e.code ?? e.message));
    });
    // Any failure while sending counts, also one after the answer arrived: a real client would show it.
    req.on('error', (e: NodeJS.ErrnoException) => (outcome.error ??= e.code ?? e.message));
    req.on('close', () => setImmediate(() => resolve(outcome)));
    let offset = 0;
    const writeMore = () => {
      if (req.destroyed) return;
      if (offset >= body.length) {
        req.end();
        return;
      }
      const chunk = body.subarray(offset, offset + 256 * 1024);
      offset += chunk.length;
      req.write(chunk);
      setTimeout(writeMore, 2);
    };
    writeMore();
  });
}

function expectAllAnswered(outcomes: Outcome[], msg: string, httpStatus = 413) {
  expect(outcomes.filter((o) => o.error !== undefined).map((o) => o.error)).toEqual([]);
  for (const o of outcomes) {
    expect(o.status).toBe(httpStatus);
    expect(o.connection).toBe('close');
    expect(JSON.parse(o.body!)).toMatchObject({ status: 4003, msg });
  }
}

async function repeat(times: number, attempt: () => Promise<Outcome>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < times; i++) outcomes.push(await attempt());
  return outcomes;
}

// Twenty paced 10 MB sends per test: a few seconds alone, far longer beside the browser suite on two cores.
describe('over-large request bodies over a real socket', { timeout: 120_000 }, () => {
  it('answers a 10 MB body with a declared length with the 413 envelope every time', async () => {
    const body = Buffer.alloc(10 * MB, 'a');
    const outcomes = await repeat(TRIES, () => send('POST', '/api/login', body, { 'content-type': 'application/json' }));
    expectAllAnswered(outcomes, MSG.REQUEST_BODY_TOO_LARGE);
  });

  it('answers a 10 MB chunked body (the limit found while reading) with the 413 envelope every time', async () => {
    const body = Buffer.alloc(10 * MB, 'a');
    const outcomes = await repeat(TRIES, () => send('POST', '/api/login', body, { 'content-type': 'application/json' }, { chunked: true }));
    expectAllAnswered(outcomes, MSG.REQUEST_BODY_TOO_LARGE);
  });

  it('answers a 1 MB JSON string to the deadlines setting with the 413 envelope every time', async () => {
    const body = Buffer.from(JSON.stringify({ items: 'x'.repeat(MB) }));
    const outcomes = await repeat(TRIES, () => send('PUT', '/api/admin/settings/deadlines', body, { 'content-type': 'application/json', authorization: `Bearer ${admin}` }));
    expectAllAnswered(outcomes, MSG.REQUEST_BODY_TOO_LARGE);
  });

  it('answers a 10 MB course import (an upload over its 2 MB limit) with the 413 envelope every time', async () => {
    const form = multipartBody({}, { name: 'courses.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: Buffer.alloc(10 * MB, 'a') });
    const outcomes = await repeat(TRIES, () => send('POST', '/api/admin/courses/import', form.payload, { 'content-type': form.contentType, authorization: `Bearer ${admin}` }));
    expectAllAnswered(outcomes, COURSE_MSG.IMPORT_TOO_LARGE);
  });

  it('answers a 10 MB file posted on a small upload credential with the refusal every time', async () => {
    const bytes = Buffer.concat([PNG_BYTES, Buffer.alloc(10 * MB, 'a')]);
    const outcomes = await repeat(TRIES, async () => {
      const cred = await getCredential(t.app, student, { file_name: 'photo.png', type: 'image/png', file_size: PNG_BYTES.length });
      const form = multipartBody(cred.body.data!.fields, { name: 'photo.png', type: 'image/png', bytes });
      return send('POST', '/api/oss/upload', form.payload, { 'content-type': form.contentType });
    });
    expectAllAnswered(outcomes, `文件过大，超过${PNG_BYTES.length}B`, 400);
  });

  it('still answers requests on a new connection afterwards', async () => {
    const res = await send('PUT', '/api/admin/settings/deadlines', Buffer.from('{}'), { 'content-type': 'application/json', authorization: `Bearer ${admin}` });
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(400);
  });
});
