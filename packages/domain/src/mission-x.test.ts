import { describe, expect, it } from 'vitest';
import {
  MISSION_IMAGE_EXTENSIONS,
  MISSION_X_MSG,
  handInInputSchema,
  isVideoUrl,
  missionInputSchema,
  missionState,
  reviewAllowed,
  reviewInputSchema,
  statusAfter,
} from './mission-x.ts';

const NOW = new Date('2027-07-20T02:00:00Z');
const firstIssue = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) => r.error?.issues[0];

describe('mission state', () => {
  it('follows the activity, then the deadline', () => {
    expect(missionState({ dueAt: '2027-07-21T00:00:00Z' }, 'open', NOW)).toBe('open');
    expect(missionState({ dueAt: '2027-07-20T02:00:00Z' }, 'open', NOW)).toBe('closed');
    expect(missionState({ dueAt: '2027-07-21T00:00:00Z' }, 'upcoming', NOW)).toBe('upcoming');
    expect(missionState({ dueAt: '2027-07-21T00:00:00Z' }, 'closed', NOW)).toBe('closed');
  });
});

describe('review transitions', () => {
  it('accept and return need a hand-in awaiting review; unaccept an accepted one', () => {
    expect(reviewAllowed('submitted', 'accept')).toBe(true);
    expect(reviewAllowed('submitted', 'return')).toBe(true);
    expect(reviewAllowed('accepted', 'accept')).toBe(false);
    expect(reviewAllowed('returned', 'accept')).toBe(false);
    expect(reviewAllowed('accepted', 'unaccept')).toBe(true);
    expect(reviewAllowed('submitted', 'unaccept')).toBe(false);
    expect([statusAfter('accept'), statusAfter('return'), statusAfter('unaccept')]).toEqual(['accepted', 'returned', 'submitted']);
  });

  it('return and unaccept need a comment', () => {
    expect(reviewInputSchema.safeParse({ decision: 'accept', version: 1 }).success).toBe(true);
    const r = reviewInputSchema.safeParse({ decision: 'return', comment: '  ', version: 1 });
    expect(firstIssue(r)).toMatchObject({ message: MISSION_X_MSG.COMMENT_REQUIRED, path: ['comment'] });
    expect(reviewInputSchema.safeParse({ decision: 'unaccept', comment: '抄袭', version: 3 }).success).toBe(true);
    expect(reviewInputSchema.safeParse({ decision: 'accept', version: 0 }).success).toBe(false);
  });
});

describe('mission input', () => {
  const base = { activity_id: 1, title: '书桌', brief: '拍一张照片', deliverables: ['image', 'text', 'image'], points: 10, due_at: '2027-07-25T10:00:00+08:00' };
  it('keeps the deliverables once each, in the usual order, and no badge by default', () => {
    const r = missionInputSchema.parse(base);
    expect(r.deliverables).toEqual(['text', 'image']);
    expect(r.badge_criterion).toBeNull();
  });
  it('names the field of a bad value in Chinese', () => {
    expect(firstIssue(missionInputSchema.safeParse({ ...base, title: ' ' }))?.message).toBe(MISSION_X_MSG.TITLE);
    expect(firstIssue(missionInputSchema.safeParse({ ...base, points: 101 }))?.message).toBe(MISSION_X_MSG.POINTS);
    expect(firstIssue(missionInputSchema.safeParse({ ...base, points: 1.5 }))?.message).toBe(MISSION_X_MSG.POINTS);
    expect(firstIssue(missionInputSchema.safeParse({ ...base, deliverables: [] }))?.message).toBe(MISSION_X_MSG.DELIVERABLES);
    expect(firstIssue(missionInputSchema.safeParse({ ...base, due_at: '明天' }))?.message).toBe(MISSION_X_MSG.DUE);
  });
});

describe('hand-in input', () => {
  const photo = { name: 'desk.png', url: '/api/oss/file/student/1/0123456789abcdef0123456789abcdef/desk.png' };
  it('needs something to hand in', () => {
    expect(firstIssue(handInInputSchema.safeParse({ text: '  ' }))).toMatchObject({ message: MISSION_X_MSG.EMPTY, path: ['text'] });
    expect(handInInputSchema.safeParse({ text: '完成' }).success).toBe(true);
  });
  it('needs the people’s consent whenever a picture or a video is attached', () => {
    expect(firstIssue(handInInputSchema.safeParse({ files: [photo] }))).toMatchObject({ message: MISSION_X_MSG.PEOPLE_CONSENT, path: ['people_consent'] });
    expect(handInInputSchema.safeParse({ files: [photo], people_consent: true }).success).toBe(true);
    expect(firstIssue(handInInputSchema.safeParse({ video_url: 'https://v.example.com/1' }))?.message).toBe(MISSION_X_MSG.PEOPLE_CONSENT);
  });
  it('takes only https video links', () => {
    expect(isVideoUrl('https://www.bilibili.com/video/BV1xx411c7mD')).toBe(true);
    expect(isVideoUrl('http://www.bilibili.com/video/x')).toBe(false);
    expect(isVideoUrl('javascript:alert(1)')).toBe(false);
    expect(isVideoUrl('https://localhost/x')).toBe(false);
    expect(isVideoUrl('https://a.com/"><script>')).toBe(false);
  });
  it('images are the upload allow-list’s image types', () => {
    expect(MISSION_IMAGE_EXTENSIONS).toEqual(expect.arrayContaining(['jpg', 'jpeg', 'png']));
    expect(MISSION_IMAGE_EXTENSIONS).not.toContain('pdf');
  });
});
