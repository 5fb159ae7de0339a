import { describe, expect, it } from 'vitest';
import { captureReferrer } from './referrer.ts';

function store() {
  const values = new Map<string, string>();
  return { values, set: (key: string, value: string) => void values.set(key, value) };
}

describe('captureReferrer', () => {
  it('keeps a mini_referrer_id from the URL', () => {
    const s = store();
    captureReferrer('?mini_referrer_id=u_123&x=1', s);
    expect(s.values.get('mini_referrer_id')).toBe('u_123');
  });

  it.each(['', '?x=1', '?mini_referrer_id=', '?mini_referrer_id=%3Cscript%3E'])('ignores %j', (search) => {
    const s = store();
    captureReferrer(search, s);
    expect(s.values.size).toBe(0);
  });
});
