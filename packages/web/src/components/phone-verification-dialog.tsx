import { useEffect, useRef, useState } from 'react';
import { Button, Input, Modal, Spin, type InputRef } from 'antd';
import { captchaAnswerSchema } from '@summit/domain/validation';
import { secondsLeft, type VerificationState } from '@summit/domain/verification';
import { schemaProblem } from '../lib/form-rules.ts';
import './phone-verification-dialog.css';

/**
 * 安全验证: the arithmetic question that guards sending an SMS code (docs/product/states.md). The parent owns the
 * verification state machine; this dialog shows it and reports the typed answer.
 */
export function PhoneVerificationDialog({
  state,
  question,
  questionId,
  error,
  submitting,
  now,
  onSubmit,
  onCancel,
}: {
  state: VerificationState;
  /** The question on screen (during a lock, the next one already fetched). */
  question: string | null;
  /** Changes with every fetched question, even when two questions read the same. */
  questionId: number;
  error: string | null;
  submitting: boolean;
  now: number;
  onSubmit: (answer: number) => void;
  onCancel: () => void;
}) {
  const open = state.kind === 'asking' || state.kind === 'locked';
  const locked = state.kind === 'locked';
  const [answer, setAnswer] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const inputRef = useRef<InputRef>(null);

  // A new question clears the previous answer and puts the cursor back in the box.
  useEffect(() => {
    setAnswer('');
    setInputError(null);
    if (questionId > 0) setTimeout(() => inputRef.current?.focus(), 0);
  }, [questionId]);

  const submit = () => {
    if (locked || !question || submitting) return;
    const problem = schemaProblem(captchaAnswerSchema, answer.trim() === '' ? undefined : answer.trim());
    if (problem) {
      setInputError(problem);
      return;
    }
    setInputError(null);
    onSubmit(Number(answer.trim()));
  };

  const shownError = inputError ?? error;
  return (
    <Modal
      open={open}
      title="安全验证"
      onCancel={onCancel}
      destroyOnHidden
      maskClosable={false}
      width={360}
      centered
      footer={
        // No antd `loading` here: its spinner renames the button ("loading 确定") and the answer round
        // trip is short; disabled covers both the 3 s lock and the request in flight.
        <Button type="primary" block onClick={submit} disabled={locked || !question || submitting}>
          确定
        </Button>
      }
    >
      <div className="verify-dialog">
        <p className="verify-dialog__hint">为保护您的账号安全，请先完成计算再获取短信验证码。</p>
        <div className="verify-dialog__question" aria-live="polite">
          {question ? <span data-testid="captcha-question">{question}</span> : <Spin size="small" />}
        </div>
        <Input
          ref={inputRef}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          onPressEnter={submit}
          placeholder="请输入计算结果"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          status={shownError ? 'error' : undefined}
          disabled={!question}
        />
        <div className="verify-dialog__error" role="alert">
          {shownError ? <span>{shownError}</span> : null}
          {locked ? <span className="verify-dialog__lock">{secondsLeft(state, now)}秒后可重新提交</span> : null}
        </div>
      </div>
    </Modal>
  );
}
