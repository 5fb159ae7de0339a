import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_KINDS,
  ACTIVITY_KIND_LABELS,
  ACTIVITY_MSG,
  CEREMONY_LIVE_LEAD_MS,
  activityCardPath,
  activityInputSchema,
  activityWindow,
  audienceIncludes,
  isActivityUrl,
  isCeremonyKind,
  liveLinkState,
} from './activities.ts';

const at = (iso: string) => new Date(iso);
const window = { opensAt: '2027-07-17T11:00:00Z', closesAt: '2027-07-17T13:00:00Z' };
const facts = { sessions: ['first'], venueId: 2, houseId: 5, courseIds: [10, 11] };
const input = (over: Record<string, unknown> = {}) => ({ kind: 'haa', title: 'HAA', opens_at: '2027-07-17T11:00:00Z', closes_at: '2027-07-18T11:00:00Z', ...over });

describe('activities (decision 100)', () => {
  it('names every kind in Chinese and knows the ceremonies and each card path', () => {
    for (const k of ACTIVITY_KINDS) expect(ACTIVITY_KIND_LABELS[k]).toMatch(/[\u4e00-\u9fa5]|Mission X/);
    expect(ACTIVITY_KINDS).toEqual(expect.arrayContaining(['opening', 'ending', 'mission-x', 'talent-show', 'forum', 'honor', 'sbp', 'land', 'coop', 'haa', 'brain-olympics']));
    expect(isCeremonyKind('opening')).toBe(true);
    expect(isCeremonyKind('haa')).toBe(false);
    expect(activityCardPath('land')).toBe('/student/card/land');
    expect(activityCardPath('brain-olympics')).toBe('/student/brain-olympics');
  });

  it('the window: upcoming before it opens, open from opens_at, closed at closes_at', () => {
    expect(activityWindow(window, at('2027-07-17T10:59:59Z'))).toBe('upcoming');
    expect(activityWindow(window, at('2027-07-17T11:00:00Z'))).toBe('open');
    expect(activityWindow(window, at('2027-07-17T12:59:59Z'))).toBe('open');
    expect(activityWindow(window, at('2027-07-17T13:00:00Z'))).toBe('closed');
  });

  it('the live link: from 15 minutes before the start until the end', () => {
    const start = Date.parse(window.opensAt);
    expect(liveLinkState(window, new Date(start - CEREMONY_LIVE_LEAD_MS - 1))).toBe('before');
    expect(liveLinkState(window, new Date(start - CEREMONY_LIVE_LEAD_MS))).toBe('live');
    expect(liveLinkState(window, at('2027-07-17T12:59:00Z'))).toBe('live');
    expect(liveLinkState(window, at('2027-07-17T13:00:00Z'))).toBe('after');
  });

  it('audiences: all, or any matching session / venue / house / course', () => {
    expect(audienceIncludes({ kind: 'all', values: [] }, facts)).toBe(true);
    expect(audienceIncludes({ kind: 'session', values: ['second', 'first'] }, facts)).toBe(true);
    expect(audienceIncludes({ kind: 'session', values: ['third'] }, facts)).toBe(false);
    expect(audienceIncludes({ kind: 'venue', values: ['2'] }, facts)).toBe(true);
    expect(audienceIncludes({ kind: 'venue', values: ['3'] }, facts)).toBe(false);
    expect(audienceIncludes({ kind: 'house', values: ['5'] }, facts)).toBe(true);
    expect(audienceIncludes({ kind: 'house', values: ['5'] }, { ...facts, houseId: null })).toBe(false);
    expect(audienceIncludes({ kind: 'course', values: ['11'] }, facts)).toBe(true);
    expect(audienceIncludes({ kind: 'course', values: ['12'] }, facts)).toBe(false);
  });

  it('links: http(s) or a site path, never javascript:, data: or another host by //', () => {
    expect(isActivityUrl('https://live.example.com/x?y=1')).toBe(true);
    expect(isActivityUrl('/sbp')).toBe(true);
    expect(isActivityUrl('javascript:alert(1)')).toBe(false);
    expect(isActivityUrl('data:text/html,x')).toBe(false);
    expect(isActivityUrl('//evil.example.com')).toBe(false);
  });

  it('the input: a window that closes after it opens, a known kind, a title, audience values for a non-all audience', () => {
    expect(activityInputSchema.safeParse(input()).success).toBe(true);
    const bad = (over: Record<string, unknown>) => activityInputSchema.safeParse(input(over)).error?.issues[0]?.message;
    expect(bad({ closes_at: '2027-07-17T11:00:00Z' })).toBe(ACTIVITY_MSG.WINDOW);
    expect(bad({ title: '  ' })).toBe(ACTIVITY_MSG.TITLE);
    expect(bad({ kind: 'party' })).toBe(ACTIVITY_MSG.KIND);
    expect(bad({ audience: { kind: 'house', values: [] } })).toBe(ACTIVITY_MSG.AUDIENCE_VALUES);
    expect(bad({ audience: { kind: 'venue', values: ['abc'] } })).toBe(ACTIVITY_MSG.AUDIENCE_UNKNOWN);
    expect(bad({ cta_url: 'javascript:alert(1)' })).toBe(ACTIVITY_MSG.URL);
  });
});
