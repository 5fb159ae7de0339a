import { describe, expect, it } from 'vitest';
import type { StudentOffering } from '@summit/domain/api/onboarding';
import { actionLabel, cardStateOf, offeringPageOf, readingPageOf } from './onboarding-model.ts';

const item = (over: Partial<StudentOffering> = {}): StudentOffering => ({
  id: 1, kind: 'podcast', title: '播客', description: '', capacity: 2, taken: 0, remaining: 2, closes_at: '2026-06-01T00:00:00.000Z', closed: false,
  starts_at: null, duration_minutes: 60, signed_up: false, join_opens_at: null, join_url: null, ...over,
});

describe('onboarding pages', () => {
  it('maps paths to kinds and readings', () => {
    expect(offeringPageOf('/student/admission/master-class').kind).toBe('master_class');
    expect(offeringPageOf('/student/college-info-session/').kind).toBe('info_session');
    expect(readingPageOf('/student/elite-schools-know').slug).toBe('student/elite-schools-know');
  });

  it('a card offers one action, or says why not', () => {
    expect(cardStateOf(item(), false)).toEqual({ action: 'signup', tag: null });
    expect(cardStateOf(item({ signed_up: true }), false)).toEqual({ action: 'cancel', tag: '已报名' });
    expect(cardStateOf(item({ signed_up: true, closed: true }), false)).toEqual({ action: 'none', tag: '已报名' });
    expect(cardStateOf(item({ remaining: 0 }), false)).toEqual({ action: 'none', tag: '名额已满' });
    expect(cardStateOf(item({ closed: true }), false)).toEqual({ action: 'none', tag: '已截止' });
    expect(cardStateOf(item({ kind: 'major' }), true)).toEqual({ action: 'change', tag: null });
    expect(cardStateOf(item({ kind: 'major', signed_up: true }), true)).toEqual({ action: 'none', tag: '已确认' });
    expect(actionLabel('major', 'signup')).toBe('确认此专业');
    expect(actionLabel('info_session', 'signup')).toBe('报名');
  });
});
