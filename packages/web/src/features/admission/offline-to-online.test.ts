import { describe, expect, it } from 'vitest';
import { ONLINE_NOTICE_PATH } from '@summit/domain/content-slugs';
import { STATUS } from '@summit/domain/errors';
import { NOTICE_MSG, type OnlineNoticeState } from '@summit/domain/notice';
import { ApiError } from '../../lib/api-client.ts';
import { confirmFailure, offlineToOnlineOpen, openFullNotice } from './offline-to-online.ts';

const at = '2027-07-01T00:00:00.000Z';
const switchNotice = { dates: '7月17日—8月22日', difference_fen: 200_000, refund_deadline: at };
const due: OnlineNoticeState = { read_at: null, offline_to_online: null, concerned: true, offline_to_online_due: true, switch_notice: switchNotice };
const answered: OnlineNoticeState = { read_at: null, offline_to_online: { chosen: 'online', at }, concerned: true, offline_to_online_due: false, switch_notice: switchNotice };
const unconcerned: OnlineNoticeState = { read_at: null, offline_to_online: null, concerned: false, offline_to_online_due: false, switch_notice: null };

describe('offlineToOnlineOpen', () => {
  it('opens only while the server says it is due and the student has not postponed it', () => {
    expect(offlineToOnlineOpen(due, false)).toBe(true);
    expect(offlineToOnlineOpen(due, true)).toBe(false);
    expect(offlineToOnlineOpen(answered, false)).toBe(false);
    expect(offlineToOnlineOpen(unconcerned, false)).toBe(false);
    expect(offlineToOnlineOpen(undefined, false)).toBe(false);
  });
});

describe('confirmFailure', () => {
  it("shows the server's words and keeps the student here for a refusal", () => {
    expect(confirmFailure(new ApiError(STATUS.GATE_OFFER, NOTICE_MSG.OFFLINE_TO_ONLINE_PAID_ONLY))).toEqual({ message: NOTICE_MSG.OFFLINE_TO_ONLINE_PAID_ONLY, loginTo: null });
  });
  it('sends a lapsed login to the login page the client computed', () => {
    expect(confirmFailure(new ApiError(STATUS.LOGIN_REQUIRED, '请重新登录！', { redirectTo: '/register?r=%2Fstudent%2Fadmission%2Fsuccess' }))).toEqual({
      message: '请重新登录！',
      loginTo: '/register?r=%2Fstudent%2Fadmission%2Fsuccess',
    });
  });
  it('reads anything else as the network error', () => {
    expect(confirmFailure(new TypeError('x')).message).toBe('系统错误，请联系管理员！');
  });
});

describe('openFullNotice', () => {
  it('opens the notice page in a new window without an opener', () => {
    const calls: unknown[][] = [];
    openFullNotice((...args) => calls.push(args));
    expect(calls).toEqual([[ONLINE_NOTICE_PATH, '_blank', 'noopener']]);
  });
});
