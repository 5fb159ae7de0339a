import { describe, expect, it } from 'vitest';
import { LIMITED_PAID_DEFAULTS, joinLinkOpensAt, joinLinkVisible, limitedPaidUnlocked, offeringKindOfCompletion, signupOpen } from './onboarding.ts';
import { MSG } from './messages.ts';

const offer = '2026-05-01T10:00:00+08:00';
const after = (hours: number) => new Date(Date.parse(offer) + hours * 3_600_000).toISOString();

describe('limitedPaidUnlocked (docs/product/users-and-roles.md)', () => {
  it('unlocks a payment within 3 days of the offer, to the millisecond', () => {
    expect(limitedPaidUnlocked({ offerAt: offer, tuitionPaidAt: after(1) }, LIMITED_PAID_DEFAULTS)).toBe(true);
    expect(limitedPaidUnlocked({ offerAt: offer, tuitionPaidAt: after(72) }, LIMITED_PAID_DEFAULTS)).toBe(true);
    expect(limitedPaidUnlocked({ offerAt: offer, tuitionPaidAt: new Date(Date.parse(after(72)) + 1).toISOString() }, LIMITED_PAID_DEFAULTS)).toBe(false);
  });
  it('locks without an offer or a payment', () => {
    expect(limitedPaidUnlocked({ offerAt: null, tuitionPaidAt: after(1) }, LIMITED_PAID_DEFAULTS)).toBe(false);
    expect(limitedPaidUnlocked({ offerAt: offer, tuitionPaidAt: null }, LIMITED_PAID_DEFAULTS)).toBe(false);
  });
  it('a late payment unlocks on or after the cutoff only', () => {
    const settings = { days: 3, cutoff: '2026-05-10T00:00:00+08:00' };
    expect(limitedPaidUnlocked({ offerAt: offer, tuitionPaidAt: '2026-05-09T23:59:59+08:00' }, settings)).toBe(false);
    expect(limitedPaidUnlocked({ offerAt: offer, tuitionPaidAt: '2026-05-10T00:00:00+08:00' }, settings)).toBe(true);
  });
  it('follows the window setting', () => {
    expect(limitedPaidUnlocked({ offerAt: offer, tuitionPaidAt: after(100) }, { days: 5, cutoff: null })).toBe(true);
    expect(limitedPaidUnlocked({ offerAt: offer, tuitionPaidAt: after(1) }, { days: 0, cutoff: null })).toBe(false);
  });
  it('the lock message is the spec’s', () => {
    expect(MSG.LIMITED_PAID_ONLY).toBe('录取后3天内支付才可解锁此内容');
  });
});

describe('info-session join link', () => {
  const s = { startsAt: '2026-06-01T19:00:00+08:00', durationMinutes: 60 };
  it('appears 15 minutes before the start and goes at the end', () => {
    expect(joinLinkOpensAt(s.startsAt)).toBe('2026-06-01T10:45:00.000Z');
    expect(joinLinkVisible(s, '2026-06-01T18:44:59+08:00')).toBe(false);
    expect(joinLinkVisible(s, '2026-06-01T18:45:00+08:00')).toBe(true);
    expect(joinLinkVisible(s, '2026-06-01T20:00:00+08:00')).toBe(true);
    expect(joinLinkVisible(s, '2026-06-01T20:00:01+08:00')).toBe(false);
  });
});

describe('closing time and kinds', () => {
  it('a sign-up is open strictly before closing', () => {
    expect(signupOpen('2026-06-01T00:00:00Z', '2026-05-31T23:59:59Z')).toBe(true);
    expect(signupOpen('2026-06-01T00:00:00Z', '2026-06-01T00:00:00Z')).toBe(false);
  });
  it('maps completion keys to kinds', () => {
    expect(offeringKindOfCompletion('major_confirmed')).toBe('major');
    expect(offeringKindOfCompletion('info_session')).toBe('info_session');
  });
});
