import { describe, expect, it } from 'vitest';
import { ONLINE_NOTICE_API, fetchServerNoticeRead, noticeStart, postServerNoticeRead, type FetchLike } from './online-notice-sync.ts';

function fakeFetch(answer: unknown | Error) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fn: FetchLike = async (url, init) => {
    calls.push({ url, init });
    if (answer instanceof Error) throw answer;
    return { json: async () => answer };
  };
  return { fn, calls };
}

describe('noticeStart', () => {
  it('a locally read notice stays closed and asks nobody', () => {
    expect(noticeStart({ localRead: true, studentToken: 'tok' })).toEqual({ open: false, checkServer: false });
    expect(noticeStart({ localRead: true, studentToken: null })).toEqual({ open: false, checkServer: false });
  });
  it('a visitor sees it at once; a student waits for the server', () => {
    expect(noticeStart({ localRead: false, studentToken: null })).toEqual({ open: true, checkServer: false });
    expect(noticeStart({ localRead: false, studentToken: 'tok' })).toEqual({ open: false, checkServer: true });
  });
});

describe('fetchServerNoticeRead', () => {
  it('reads read_at with the student token', async () => {
    const f = fakeFetch({ status: 200, msg: 'ok', data: { read_at: '2026-07-01T00:00:00.000Z', offline_to_online: null, offline_to_online_due: false } });
    expect(await fetchServerNoticeRead(f.fn, 'tok')).toBe('read');
    expect(f.calls[0]?.url).toBe(ONLINE_NOTICE_API.state);
    expect((f.calls[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(await fetchServerNoticeRead(fakeFetch({ status: 200, msg: 'ok', data: { read_at: null } }).fn, 'tok')).toBe('unread');
  });
  it('is unknown on a failed envelope or a network error', async () => {
    expect(await fetchServerNoticeRead(fakeFetch({ status: 401, msg: '请重新登录！' }).fn, 'tok')).toBe('unknown');
    expect(await fetchServerNoticeRead(fakeFetch(new Error('offline')).fn, 'tok')).toBe('unknown');
  });
});

describe('postServerNoticeRead', () => {
  it('posts a JSON body that outlives a navigation', async () => {
    const f = fakeFetch({ status: 200, msg: '已知晓', data: {} });
    expect(await postServerNoticeRead(f.fn, 'tok')).toBe(true);
    expect(f.calls[0]).toMatchObject({ url: ONLINE_NOTICE_API.read, init: { method: 'POST', body: '{}', keepalive: true } });
    expect(await postServerNoticeRead(fakeFetch({ status: 401, msg: '' }).fn, 'tok')).toBe(false);
    expect(await postServerNoticeRead(fakeFetch(new Error('offline')).fn, 'tok')).toBe(false);
  });
});
