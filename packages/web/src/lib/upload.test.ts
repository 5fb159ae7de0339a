import { describe, expect, it, vi } from 'vitest';
import type { OssCredential } from '@summit/domain/api/storage';
import { MSG } from '@summit/domain/messages';
import { UploadFailure, checkChosenFile, downloadFile, isRetryablePost, uploadFile, type PostResult, type UploadTransport } from './upload.ts';

const credential: OssCredential = {
  endpoint: '/api/oss/upload',
  key: 'student/7/0123456789abcdef0123456789abcdef/a.png',
  fields: { key: 'student/7/0123456789abcdef0123456789abcdef/a.png', 'Content-Type': 'image/png', policy: 'p', signature: 's' },
  file: { name: 'a.png', url: '/api/oss/file/student/7/0123456789abcdef0123456789abcdef/a.png' },
  max_bytes: 1000,
  expires_at: '2026-01-01T00:00:00.000Z',
};

function pngFile(size = 1000, name = 'a.png') {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

/** A transport that answers each try from a script, reporting progress halfway and at the end. */
function scriptedTransport(answers: Array<PostResult | Error>) {
  const calls: Array<{ endpoint: string; fields: Record<string, string>; fileName: string }> = [];
  const transport: UploadTransport = {
    async post(endpoint, fields, file, fileName, onProgress) {
      calls.push({ endpoint, fields, fileName });
      onProgress(file.size / 2, file.size);
      const answer = answers[calls.length - 1] ?? { status: 500, body: '' };
      if (answer instanceof Error) throw answer;
      if (answer.status === 204) onProgress(file.size, file.size);
      return answer;
    },
  };
  return { transport, calls };
}

describe('uploadFile', () => {
  it('asks for a credential with the file facts, posts its fields and returns the stored address', async () => {
    const requestCredential = vi.fn(async () => credential);
    const { transport, calls } = scriptedTransport([{ status: 204, body: '' }]);
    const progress: number[] = [];
    const result = await uploadFile(pngFile(), { maxSize: '10MB', requestCredential, transport, onProgress: (p) => progress.push(p) });
    expect(result).toEqual(credential.file);
    expect(requestCredential).toHaveBeenCalledWith({ file_name: 'a.png', type: 'image/png', file_size: 1000 }, undefined);
    expect(calls).toEqual([{ endpoint: '/api/oss/upload', fields: credential.fields, fileName: 'a.png' }]);
    expect(progress).toEqual([0, 50, 100, 100]);
  });

  it('tries the direct POST 3 times in all, then fails with the storage message', async () => {
    const { transport, calls } = scriptedTransport([{ status: 0, body: '' }, new TypeError('network'), { status: 503, body: '' }, { status: 204, body: '' }]);
    const failure = await uploadFile(pngFile(), { requestCredential: async () => credential, transport }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UploadFailure);
    expect(failure).toMatchObject({ kind: 'storage', message: MSG.UPLOAD_STORAGE_FAILED });
    expect(calls).toHaveLength(3);
  });

  it('succeeds on the third try, with progress starting over each time', async () => {
    const { transport, calls } = scriptedTransport([{ status: 500, body: '' }, { status: 0, body: '' }, { status: 204, body: '' }]);
    const progress: number[] = [];
    await expect(uploadFile(pngFile(), { requestCredential: async () => credential, transport, onProgress: (p) => progress.push(p) })).resolves.toEqual(credential.file);
    expect(calls).toHaveLength(3);
    expect(progress).toEqual([0, 50, 0, 50, 0, 50, 100, 100]);
  });

  it('does not repeat a refusal: a 4xx stops at once with the server words when it sends an envelope', async () => {
    const { transport, calls } = scriptedTransport([{ status: 400, body: JSON.stringify({ status: 4003, msg: MSG.UPLOAD_CONTENT_MISMATCH }) }]);
    await expect(uploadFile(pngFile(), { requestCredential: async () => credential, transport })).rejects.toMatchObject({ kind: 'storage', message: MSG.UPLOAD_CONTENT_MISMATCH });
    expect(calls).toHaveLength(1);
    const xml = scriptedTransport([{ status: 403, body: '<Error><Code>AccessDenied</Code></Error>' }]);
    await expect(uploadFile(pngFile(), { requestCredential: async () => credential, transport: xml.transport })).rejects.toMatchObject({ message: MSG.UPLOAD_STORAGE_FAILED });
  });

  it('a credential failure reads 获取签名错误 unless the server named the problem', async () => {
    const { transport, calls } = scriptedTransport([]);
    await expect(uploadFile(pngFile(), { requestCredential: async () => Promise.reject(new Error('500')), transport })).rejects.toMatchObject({ kind: 'credential', message: '获取签名错误，请稍后再试！' });
    await expect(uploadFile(pngFile(), { requestCredential: async () => Promise.reject(new UploadFailure('credential', '文件过大，超过20MB')), transport })).rejects.toMatchObject({ message: '文件过大，超过20MB' });
    expect(calls).toHaveLength(0);
  });

  it('refuses a file too large or of another type before asking for anything', async () => {
    const requestCredential = vi.fn(async () => credential);
    await expect(uploadFile(pngFile(11 * 1024 * 1024), { maxSize: '10MB', requestCredential })).rejects.toMatchObject({ kind: 'too-large', message: '文件过大，超过10MB' });
    await expect(uploadFile(pngFile(10, 'cv.pdf'), { requestCredential })).rejects.toMatchObject({ kind: 'type', message: '不支持该文件格式，请上传jpeg、png、jpg格式的文件' });
    expect(requestCredential).not.toHaveBeenCalled();
  });

  it('stops trying once aborted', async () => {
    const controller = new AbortController();
    let tries = 0;
    const transport: UploadTransport = {
      async post() {
        tries += 1;
        controller.abort();
        return { status: 0, body: '' };
      },
    };
    await expect(uploadFile(pngFile(), { requestCredential: async () => credential, transport, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(tries).toBe(1);
  });
});

describe('upload rules', () => {
  it.each([
    [{ status: 0, body: '' }, true],
    [{ status: 502, body: '' }, true],
    [{ status: 429, body: '' }, true],
    [{ status: 400, body: '' }, false],
    [{ status: 403, body: '' }, false],
  ])('isRetryablePost(%j) → %s', (result, expected) => {
    expect(isRetryablePost(result)).toBe(expected);
  });

  it('checkChosenFile honours 0 as no limit and the accepted types, case-insensitively', () => {
    expect(checkChosenFile({ name: 'A.PNG', size: 5 * 1024 ** 3 }, ['png'], '0')).toBeNull();
    expect(checkChosenFile({ name: 'a.png', size: 501 * 1024 }, ['png'], '500KB')?.message).toBe('文件过大，超过500KB');
  });
});

describe('downloadFile', () => {
  it('fetches with the bearer token and saves the blob under the file name', async () => {
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
    const saved: Array<[number, string]> = [];
    const ok = await downloadFile(
      { name: '成绩单.png', url: '/api/oss/file/student/7/0123456789abcdef0123456789abcdef/成绩单.png' },
      { fetch: fetchMock as unknown as typeof fetch, token: () => 'tok', plat: () => 'web', save: (blob, name) => void saved.push([blob.size, name]), notify: () => {} },
    );
    expect(ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(encodeURI('/api/oss/file/student/7/0123456789abcdef0123456789abcdef/成绩单.png'), { headers: { Authorization: 'Bearer tok', 'x-plat': 'web' } });
    expect(saved).toEqual([[3, '成绩单.png']]);
  });

  it('shows the server message when refused', async () => {
    const notes: string[] = [];
    const ok = await downloadFile(
      { name: 'a.png', url: '/api/oss/file/x' },
      {
        fetch: (async () => new Response(JSON.stringify({ status: 4001, msg: '无权限访问！' }), { status: 403 })) as unknown as typeof fetch,
        token: () => null,
        plat: () => 'web',
        save: () => {},
        notify: (m) => void notes.push(m),
      },
    );
    expect([ok, notes]).toEqual([false, ['无权限访问！']]);
  });
});
