import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
vi.mock('./api-client.ts', async (original) => {
  const real = await original<typeof import('./api-client.ts')>();
  return { ...real, api: { post: (...args: unknown[]) => post(...args), get: vi.fn() } };
});

const { ApiError } = await import('./api-client.ts');
const { bindKeptReferrer, hashWithoutCode, webviewCodeOf } = await import('./miniprogram-session.ts');
const { createAuthStorage } = await import('./auth-storage.ts');

function storage(loggedIn: boolean, referrer: string | null) {
  const map = new Map<string, string>();
  const s = createAuthStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
  if (loggedIn) s.saveLogin('student', 'token-1');
  if (referrer) s.set('mini_referrer_id', referrer);
  return s;
}

const CODE = 'A'.repeat(43);

describe('the web-view’s one-time code', () => {
  it('is read from the fragment only when well formed, and removed from it', () => {
    expect(webviewCodeOf(`#mp_code=${CODE}`)).toBe(CODE);
    expect(webviewCodeOf(`#x=1&mp_code=${CODE}`)).toBe(CODE);
    for (const bad of ['', '#', '#mp_code=short', `#mp_code=${CODE}<`, `#token=${CODE}`]) expect(webviewCodeOf(bad)).toBeNull();
    expect(hashWithoutCode(`#mp_code=${CODE}`)).toBe('');
    expect(hashWithoutCode(`#x=1&mp_code=${CODE}`)).toBe('#x=1');
  });
});

describe('binding the kept referrer', () => {
  beforeEach(() => post.mockReset());

  it('waits for a student login; once bound the browser forgets it', async () => {
    const out = storage(false, 'friend123');
    expect(await bindKeptReferrer(out)).toBe(false);
    expect(post).not.toHaveBeenCalled();

    const s = storage(true, 'friend123');
    post.mockResolvedValueOnce({ bound: true });
    expect(await bindKeptReferrer(s)).toBe(true);
    expect(post).toHaveBeenCalledWith('/student/mini/referrer', { referrer_id: 'friend123' }, expect.objectContaining({ quiet: true }));
    expect(s.get('mini_referrer_id')).toBeNull();
  });

  it('forgets a referrer the server refused for good, keeps one a network failure left undecided', async () => {
    const refused = storage(true, 'myself123');
    post.mockRejectedValueOnce(new ApiError(4003, '不能推荐自己'));
    expect(await bindKeptReferrer(refused)).toBe(false);
    expect(refused.get('mini_referrer_id')).toBeNull();

    const offline = storage(true, 'friend123');
    post.mockRejectedValueOnce(new ApiError('NETWORK', '网络错误'));
    expect(await bindKeptReferrer(offline)).toBe(false);
    expect(offline.get('mini_referrer_id')).toBe('friend123');
  });
});
