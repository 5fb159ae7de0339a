/**
 * Phone verification countdown (docs/product/states.md): asking for a code shows an arithmetic question; a right answer
 * starts a 60 s countdown on the send button; a wrong answer locks sending for 3 s, then asks a new
 * question. Pure transitions: every time-dependent event carries `now` (ms), so tests need no timers.
 */
import { LIMITS } from './constants.ts';
import { MSG, formatMessage } from './messages.ts';

export const COUNTDOWN_SECONDS = LIMITS.countdownSeconds;
export const CAPTCHA_LOCK_MS = LIMITS.captchaLockMs;

export type VerificationState =
  | { kind: 'idle' }
  /** The dialog is open; `question` is null while it is being fetched. */
  | { kind: 'asking'; question: string | null }
  /** Wrong answer: sending is locked until `until`, then a new question is asked. */
  | { kind: 'locked'; until: number }
  /** The code was sent; the button counts down to `until`. */
  | { kind: 'counting'; until: number };

export type VerificationEvent =
  | { type: 'ask' }
  | { type: 'question'; question: string }
  | { type: 'answer_ok'; now: number; intervalSeconds?: number }
  | { type: 'answer_wrong'; now: number }
  | { type: 'close' }
  | { type: 'tick'; now: number };

export const initialVerificationState: VerificationState = { kind: 'idle' };

export function verificationTransition(state: VerificationState, event: VerificationEvent): VerificationState {
  switch (event.type) {
    case 'ask':
      return state.kind === 'idle' ? { kind: 'asking', question: null } : state;
    case 'question':
      return state.kind === 'asking' ? { kind: 'asking', question: event.question } : state;
    case 'answer_ok':
      if (state.kind !== 'asking') return state;
      return { kind: 'counting', until: event.now + (event.intervalSeconds ?? COUNTDOWN_SECONDS) * 1000 };
    case 'answer_wrong':
      return state.kind === 'asking' ? { kind: 'locked', until: event.now + CAPTCHA_LOCK_MS } : state;
    case 'close':
      // Closing never cancels a running countdown: the code has been sent.
      return state.kind === 'counting' ? state : { kind: 'idle' };
    case 'tick':
      if (state.kind === 'locked' && event.now >= state.until) return { kind: 'asking', question: null };
      if (state.kind === 'counting' && event.now >= state.until) return { kind: 'idle' };
      return state;
  }
}

/** Whole seconds left on the countdown or lock (rounded up), 0 otherwise. */
export function secondsLeft(state: VerificationState, now: number): number {
  if (state.kind !== 'counting' && state.kind !== 'locked') return 0;
  return Math.max(0, Math.ceil((state.until - now) / 1000));
}

/** The send button is usable only when idle. */
export function canRequestCode(state: VerificationState): boolean {
  return state.kind === 'idle';
}

/** An answer can be submitted only when a question is on screen. */
export function canSubmitAnswer(state: VerificationState): boolean {
  return state.kind === 'asking' && state.question !== null;
}

/** The send button's text: 获取验证码, or "N秒后重新获取" while counting down. */
export function sendButtonText(state: VerificationState, now: number): string {
  const left = state.kind === 'counting' ? secondsLeft(state, now) : 0;
  return left > 0 ? formatMessage(MSG.RESEND_IN, left) : MSG.SEND_CODE;
}
