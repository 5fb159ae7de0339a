import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_LOCK_MS,
  COUNTDOWN_SECONDS,
  type VerificationEvent,
  type VerificationState,
  canRequestCode,
  canSubmitAnswer,
  initialVerificationState,
  secondsLeft,
  sendButtonText,
  verificationTransition,
} from './verification.ts';

const T = 1_700_000_000_000;
const idle: VerificationState = { kind: 'idle' };
const fetching: VerificationState = { kind: 'asking', question: null };
const asking: VerificationState = { kind: 'asking', question: '12 + 7 = ?' };
const locked: VerificationState = { kind: 'locked', until: T + 3000 };
const counting: VerificationState = { kind: 'counting', until: T + 60_000 };

describe('verificationTransition', () => {
  it.each([
    ['idle + ask', idle, { type: 'ask' }, fetching],
    ['idle + question', idle, { type: 'question', question: 'x' }, idle],
    ['idle + answer_ok', idle, { type: 'answer_ok', now: T }, idle],
    ['idle + tick', idle, { type: 'tick', now: T }, idle],
    ['fetching + question', fetching, { type: 'question', question: '12 + 7 = ?' }, asking],
    ['asking + answer_ok', asking, { type: 'answer_ok', now: T }, counting],
    ['asking + answer_ok with server interval', asking, { type: 'answer_ok', now: T, intervalSeconds: 45 }, { kind: 'counting', until: T + 45_000 }],
    ['asking + answer_wrong', asking, { type: 'answer_wrong', now: T }, locked],
    ['asking + close', asking, { type: 'close' }, idle],
    ['asking + ask', asking, { type: 'ask' }, asking],
    ['locked + tick before 3 s', locked, { type: 'tick', now: T + 2999 }, locked],
    ['locked + tick at 3 s asks again', locked, { type: 'tick', now: T + 3000 }, fetching],
    ['locked + answer_ok ignored', locked, { type: 'answer_ok', now: T }, locked],
    ['locked + close', locked, { type: 'close' }, idle],
    ['counting + tick before the end', counting, { type: 'tick', now: T + 59_999 }, counting],
    ['counting + tick at the end', counting, { type: 'tick', now: T + 60_000 }, idle],
    ['counting + ask is refused', counting, { type: 'ask' }, counting],
    ['counting + close keeps counting', counting, { type: 'close' }, counting],
  ] as const)('%s', (_name, state, event, next) => {
    expect(verificationTransition(state, event as VerificationEvent)).toEqual(next);
  });

  it('runs wrong answer → new question → right answer → countdown → idle', () => {
    const steps: VerificationEvent[] = [
      { type: 'ask' },
      { type: 'question', question: '3 + 4 = ?' },
      { type: 'answer_wrong', now: T },
      { type: 'tick', now: T + 1000 },
      { type: 'tick', now: T + CAPTCHA_LOCK_MS },
      { type: 'question', question: '5 + 6 = ?' },
      { type: 'answer_ok', now: T + 5000 },
    ];
    const afterAnswer = steps.reduce(verificationTransition, initialVerificationState);
    expect(afterAnswer).toEqual({ kind: 'counting', until: T + 5000 + COUNTDOWN_SECONDS * 1000 });
    expect(secondsLeft(afterAnswer, T + 5000)).toBe(60);
    expect(verificationTransition(afterAnswer, { type: 'tick', now: T + 65_000 })).toEqual(idle);
  });
});

describe('derived values', () => {
  it.each([
    [counting, T, 60],
    [counting, T + 1, 60],
    [counting, T + 999, 60],
    [counting, T + 1000, 59],
    [counting, T + 59_001, 1],
    [counting, T + 60_000, 0],
    [counting, T + 99_000, 0],
    [locked, T, 3],
    [idle, T, 0],
    [asking, T, 0],
  ] as const)('secondsLeft(%j, +%i) → %i', (state, now, expected) => {
    expect(secondsLeft(state, now)).toBe(expected);
  });

  it.each([
    [idle, true, false, '获取验证码'],
    [fetching, false, false, '获取验证码'],
    [asking, false, true, '获取验证码'],
    [locked, false, false, '获取验证码'],
    [counting, false, false, '60秒后重新获取'],
  ] as const)('%j: can request %s, can answer %s, button %s', (state, request, answer, text) => {
    expect(canRequestCode(state)).toBe(request);
    expect(canSubmitAnswer(state)).toBe(answer);
    expect(sendButtonText(state, T)).toBe(text);
  });

  it('shows the remaining seconds while counting and the send text at the end', () => {
    expect(sendButtonText(counting, T + 30_500)).toBe('30秒后重新获取');
    expect(sendButtonText(counting, T + 60_000)).toBe('获取验证码');
  });
});
