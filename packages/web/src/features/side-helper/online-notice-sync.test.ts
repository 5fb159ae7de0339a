import { describe, expect, it } from 'vitest';
import { ONLINE_NOTICE_API, fetchServerNotice, noticeStart, postServerNoticeRead, type FetchLike } from './online-notice-sync.ts';

function fakeFetch(answer: unknown | Error) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fn: FetchLike = async (url, init) => {
    calls.push({ url, init });
    if (answer instanceof Error) throw answer;
    return { json: async () => answer };
  };
  return { fn, calls };
}

const figures = { dates: '7月17日—8月22日', difference_fen: 200_000, refund_deadline: '2027-08-03T15:59:00.000Z' };

describe('noticeStart', () => {
  it('is closed for everyone at first; only a student asks the server', () => {
    expect(noticeStart({ studentToken: 'tok' })).toEqual({ open: false, checkServer: true });
    expect(noticeStart({ studentToken: null })).toEqual({ open: false, checkServer: false });
  });
});

describe('fetchServerNotice', () => {
  it('shows the figures to a concerned student who has not confirmed, asking with the student token', async () => {
    const f = fakeFetch({ status: 200, msg: 'ok', data: { read_at: null, concerned: true, switch_notice: figures } });
    expect(await fetchServerNotice(f.fn, 'tok')).toEqual(figures);
    expect(f.calls[0]?.url).toBe(ONLINE_NOTICE_API.state);
    expect((f.calls[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });
  it('shows nothing to a student the switch does not concern, or who confirmed already', async () => {
    expect(await fetchServerNotice(fakeFetch({ status: 200, msg: 'ok', data: { read_at: null, concerned: false, switch_notice: null } }).fn, 'tok')).toBeNull();
    expect(await fetchServerNotice(fakeFetch({ status: 200, msg: 'ok', data: { read_at: '2027-07-01T00:00:00.000Z', concerned: true, switch_notice: figures } }).fn, 'tok')).toBeNull();
  });
  it('shows nothing on a failed envelope or a network error', async () => {
    expect(await fetchServerNotice(fakeFetch({ status: 401, msg: '请重新登录！' }).fn, 'tok')).toBeNull();
    expect(await fetchServerNotice(fakeFetch(new Error('offline')).fn, 'tok')).toBeNull();
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
