import { Suspense, lazy, useEffect, useReducer, useRef, useState } from 'react';
import { Input, Space, type InputRef } from 'antd';
import { captchaAnswerResultSchema, captchaQuestionSchema } from '@summit/domain/api/auth';
import { MSG } from '@summit/domain/messages';
import { canRequestCode, initialVerificationState, secondsLeft, verificationTransition } from '@summit/domain/verification';
import { ApiError, api } from '../lib/api-client.ts';
import { toast } from '../lib/notifier.ts';
import { CountdownButton } from './countdown-button.tsx';

// The dialog (antd Modal) is only needed once someone asks for a code.
const PhoneVerificationDialog = lazy(() =>
  import('./phone-verification-dialog.tsx').then((m) => ({ default: m.PhoneVerificationDialog })),
);

export interface PhoneTarget {
  phone_code: string;
  phone: string;
}

/** Messages the dialog shows inline instead of as a toast, then asks a fresh question. */
const RETRY_MESSAGES = [MSG.CAPTCHA_WRONG, MSG.CAPTCHA_EXPIRED];

/**
 * The SMS code input with its 获取验证码 button, driving the domain's verification machine:
 * button → 安全验证 dialog with an arithmetic question → right answer sends the code and starts the
 * countdown; wrong answer → 答案错误，请重新验证, 确定 locked 3 s, a new question.
 * `resolvePhone` validates the form's phone field and returns it (null when invalid: the form shows why).
 */
export function SmsCodeInput({
  value,
  onChange,
  onBlur,
  resolvePhone,
  disabled = false,
}: {
  value?: string;
  onChange?: (value: string) => void;
  /** Form.Item's blur trigger, so a bad code shows under the field when leaving it. */
  onBlur?: () => void;
  resolvePhone: () => Promise<PhoneTarget | null>;
  disabled?: boolean;
}) {
  const [state, dispatch] = useReducer(verificationTransition, initialVerificationState);
  const [now, setNow] = useState(() => Date.now());
  const [target, setTarget] = useState<PhoneTarget | null>(null);
  const [nextQuestion, setNextQuestion] = useState<string | null>(null);
  const [questionId, setQuestionId] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [opening, setOpening] = useState(false);
  const codeRef = useRef<InputRef>(null);
  const requestSerial = useRef(0);

  // The clock only runs while something is counting down.
  useEffect(() => {
    if (state.kind !== 'counting' && state.kind !== 'locked') return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      dispatch({ type: 'tick', now: t });
    }, 250);
    return () => clearInterval(timer);
  }, [state.kind]);

  // A fetched question enters the machine as soon as it is asking again (at once, or when a lock ends).
  useEffect(() => {
    if (state.kind === 'asking' && state.question === null && nextQuestion) {
      dispatch({ type: 'question', question: nextQuestion });
      setNextQuestion(null);
    }
  }, [state, nextQuestion]);

  const fetchQuestion = async (phone: PhoneTarget) => {
    const serial = ++requestSerial.current;
    try {
      const result = await api.post('/captcha/question', phone, { schema: captchaQuestionSchema });
      if (serial !== requestSerial.current) return;
      setNextQuestion(result.code);
      setQuestionId((id) => id + 1);
    } catch {
      // The client already said why (e.g. 发送过于频繁); nothing to answer, so close.
      if (serial === requestSerial.current) dispatch({ type: 'close' });
    }
  };

  const startVerification = async () => {
    if (!canRequestCode(state) || opening) return;
    setOpening(true);
    try {
      const phone = await resolvePhone();
      if (!phone) return;
      setTarget(phone);
      setError(null);
      setNextQuestion(null);
      dispatch({ type: 'ask' });
      void fetchQuestion(phone);
    } finally {
      setOpening(false);
    }
  };

  const submitAnswer = async (answer: number) => {
    if (!target) return;
    setSubmitting(true);
    try {
      const result = await api.post(
        '/captcha/answer',
        { ...target, code: answer },
        { schema: captchaAnswerResultSchema, quietMessages: RETRY_MESSAGES },
      );
      const t = Date.now();
      setNow(t);
      setError(null);
      dispatch({ type: 'answer_ok', now: t, intervalSeconds: result.interval });
      toast('success', MSG.CODE_SENT);
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch (e) {
      if (e instanceof ApiError && (RETRY_MESSAGES as string[]).includes(e.msg)) {
        const t = Date.now();
        setNow(t);
        setError(e.msg);
        if (e.msg === MSG.CAPTCHA_WRONG) {
          dispatch({ type: 'answer_wrong', now: t });
        } else {
          // Expired: nothing to wait for, just a new question.
          dispatch({ type: 'close' });
          dispatch({ type: 'ask' });
        }
        void fetchQuestion(target);
      } else {
        // Rate limits and the like: the toast explains; the dialog has nothing more to offer.
        dispatch({ type: 'close' });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = () => {
    requestSerial.current += 1;
    setNextQuestion(null);
    dispatch({ type: 'close' });
  };

  const question = state.kind === 'asking' ? state.question : state.kind === 'locked' ? nextQuestion : null;
  const counting = state.kind === 'counting' ? secondsLeft(state, now) : 0;

  return (
    <>
      <Space.Compact block>
        <Input
          ref={codeRef}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          onBlur={onBlur}
          placeholder="请输入验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          disabled={disabled}
        />
        <CountdownButton
          secondsLeft={counting}
          loading={opening}
          disabled={disabled || (state.kind !== 'idle' && state.kind !== 'counting')}
          onClick={() => void startVerification()}
        />
      </Space.Compact>
      {state.kind === 'asking' || state.kind === 'locked' ? (
        <Suspense fallback={null}>
          <PhoneVerificationDialog
            state={state}
            question={question}
            questionId={questionId}
            error={error}
            submitting={submitting}
            now={now}
            onSubmit={(answer) => void submitAnswer(answer)}
            onCancel={cancel}
          />
        </Suspense>
      ) : null}
    </>
  );
}
