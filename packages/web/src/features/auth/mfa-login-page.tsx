import { useEffect, useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { LoginResult } from '@summit/domain/api/auth';
import { MFA_MSG } from '@summit/domain/api/mfa';
import { PATHS } from '../../lib/paths.ts';
import { MfaEnrolPanel } from '../../components/mfa-enrol-panel.tsx';
import { RecoveryCodesPanel } from '../../components/recovery-codes-panel.tsx';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { LOGIN_SUCCESS_TEXT, completeLogin } from './auth-api.ts';
import { beginSetupWithChallenge, codeErrorOf, confirmSetupWithChallenge, verifyMfa } from './mfa-api.ts';
import { clearMfaChallenge, readMfaChallenge, type StashedMfaChallenge } from './mfa-challenge-store.ts';
import './login-screen.css';

function useFinishLogin(stash: StashedMfaChallenge) {
  const navigate = useNavigate();
  return async (result: LoginResult) => {
    clearMfaChallenge();
    const target = await completeLogin(result, stash.returnTo, LOGIN_SUCCESS_TEXT);
    await navigate(target, { replace: true, flushSync: true });
  };
}

/** The code step: 6 digits from the authenticator, or one recovery code. */
function VerifyStep({ stash }: { stash: StashedMfaChallenge }) {
  const finish = useFinishLogin(stash);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ready = useRecovery ? code.replace(/[\s-]/g, '').length === 10 : /^\d{6}$/.test(code);

  const submit = async () => {
    if (!ready || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await finish(await verifyMfa(stash.challenge, code));
    } catch (e) {
      setError(codeErrorOf(e));
      setSubmitting(false);
    }
  };

  return (
    <form
      className="mfa-code-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="auth-card__subtitle">{useRecovery ? '请输入一个未使用过的恢复码（如 abcde-fghjk），每个恢复码只能使用一次。' : '请打开手机上的身份验证器，输入 Summit 显示的6位验证码。'}</p>
      <label className="mfa-code-form__label" htmlFor="mfa-code">
        {useRecovery ? '恢复码' : '6位验证码'}
      </label>
      <Input
        id="mfa-code"
        key={useRecovery ? 'recovery' : 'totp'}
        autoFocus
        className={useRecovery ? undefined : 'mfa-code-input'}
        size="large"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={useRecovery ? 20 : 6}
        placeholder={useRecovery ? '请输入恢复码' : '请输入6位验证码'}
        value={code}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setCode(useRecovery ? e.target.value : e.target.value.replace(/\D/g, '').slice(0, 6));
          setError(null);
        }}
      />
      {error ? (
        <div className="mfa-code-form__error" role="alert">
          {error}
        </div>
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting} disabled={!ready}>
        验证并登录
      </Button>
      <Button
        type="link"
        className="mfa-switch"
        onClick={() => {
          setUseRecovery((v) => !v);
          setCode('');
          setError(null);
        }}
      >
        {useRecovery ? '使用身份验证器验证码' : '使用恢复码'}
      </Button>
    </form>
  );
}

/** An administrator or staff member without an authenticator binds one before the console opens. */
function EnrolStep({ stash }: { stash: StashedMfaChallenge }) {
  const finish = useFinishLogin(stash);
  const setup = useQuery({ queryKey: ['auth', 'mfa-setup', stash.challenge], queryFn: () => beginSetupWithChallenge(stash.challenge), staleTime: Infinity, gcTime: 0, retry: false });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<(LoginResult & { recovery_codes: string[] }) | null>(null);

  if (done) {
    return <RecoveryCodesPanel codes={done.recovery_codes} doneText="我已保存恢复码，继续" onDone={() => void finish(done)} />;
  }
  return (
    <>
      <Alert type="info" showIcon message={MFA_MSG.ENROL_REQUIRED} className="mfa-login__notice" />
      {setup.isPending ? (
        <LoadingState rows={4} />
      ) : setup.isError ? (
        <ErrorState onRetry={() => void setup.refetch()} />
      ) : (
        <MfaEnrolPanel
          enrolment={setup.data}
          submitting={submitting}
          error={error}
          onCodeChange={() => setError(null)}
          onConfirm={(code) => {
            setSubmitting(true);
            confirmSetupWithChallenge(stash.challenge, code)
              .then((result) => {
                // The session exists now: keep the login out of this tab's storage before showing the codes.
                clearMfaChallenge();
                setDone(result);
              })
              .catch((e: unknown) => setError(codeErrorOf(e)))
              .finally(() => setSubmitting(false));
          }}
        />
      )}
    </>
  );
}

/** /login/mfa: the second step of a staff sign-in (decision 036). */
export default function MfaLoginPage() {
  const navigate = useNavigate();
  const [stash] = useState(() => readMfaChallenge());
  useEffect(() => {
    if (stash) document.title = stash.enrol ? '绑定身份验证器' : '两步验证';
  }, [stash]);

  return (
    <div className="auth-screen">
      <section className="auth-card auth-card--mfa" aria-labelledby="auth-title">
        <header className="auth-card__header">
          <h1 id="auth-title" className="auth-card__title">
            {stash?.enrol ? '绑定身份验证器' : '两步验证'}
          </h1>
          {stash?.name ? <p className="auth-card__subtitle">{stash.name}，您好</p> : null}
        </header>
        {!stash ? (
          <div className="mfa-code-form">
            <p>{MFA_MSG.CHALLENGE_EXPIRED}</p>
            <Button type="primary" block size="large" onClick={() => void navigate(PATHS.login, { replace: true })}>
              返回登录
            </Button>
          </div>
        ) : stash.enrol ? (
          <EnrolStep stash={stash} />
        ) : (
          <VerifyStep stash={stash} />
        )}
      </section>
    </div>
  );
}
