import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@summit/domain/constants';
import { passwordProblem, phoneProblem } from '@summit/domain/field-rules';
import { returnTargetFrom } from '../../lib/navigation.ts';
import { DEFAULT_PHONE_AREA, PhoneAreaSelect, phoneCodeOf } from '../../components/phone-area-select.tsx';
import { authFieldErrorOf } from './auth-field-error.ts';
import { LoginFormActions } from './login-form-actions.tsx';
import type { AuthLocationState } from './use-auth-form.ts';

type Field = 'phone' | 'password';

// The login request and what follows it (response schemas, the student status) need zod: fetched when the
// visitor starts typing, so /login's first load stays without it (decision 018).
let authApi: Promise<typeof import('./auth-api.ts')> | null = null;
const loadAuthApi = () =>
  (authApi ??= import('./auth-api.ts').catch((error: unknown) => {
    authApi = null; // a failed fetch (offline) is tried again on the next attempt
    throw error;
  }));

/**
 * LOGIN (/login): phone + password in plain markup. /login is the page most visitors open first after the
 * home page, on a phone, so it does not download antd (decision 018); the other account forms load antd
 * when opened. Same fields, messages and behaviour as the antd forms: rules from the domain checked on blur
 * and on submit, server field errors under their field, the typed phone carried to 注册 / 忘记密码.
 */
export function PlainPasswordLoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const carried = (location.state as AuthLocationState | null)?.phone ?? '';
  const [area, setArea] = useState(DEFAULT_PHONE_AREA);
  const [phone, setPhone] = useState(carried);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const ids = useId();

  const problemOf = (field: Field, value: string): string | null =>
    field === 'phone' ? phoneProblem(value, phoneCodeOf(area)) : passwordProblem(value);
  const check = (field: Field, value: string) => setErrors((e) => ({ ...e, [field]: problemOf(field, value) ?? undefined }));
  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = { phone: problemOf('phone', phone) ?? undefined, password: problemOf('password', password) ?? undefined };
    setErrors(found);
    if (found.phone || found.password) return;
    setSubmitting(true);
    try {
      const { LOGIN_SUCCESS_TEXT, continueLogin, loginWithPassword } = await loadAuthApi();
      const result = await loginWithPassword({ phone_code: phoneCodeOf(area), phone: phone.trim(), password });
      const target = await continueLogin(result, returnTargetFrom(params), LOGIN_SUCCESS_TEXT);
      await navigate(target, { replace: true, flushSync: true });
    } catch (error) {
      // A 4003 naming one of our fields, or 手机号或密码错误, goes under its field (the api client did not toast it).
      const found = authFieldErrorOf(error, ['phone', 'password']);
      if (found) setErrors((e) => ({ ...e, [found.field]: found.msg }));
    } finally {
      setSubmitting(false);
    }
  };

  const errorId = (field: Field) => `${ids}-${field}-error`;
  return (
    <form className="auth-form plain-form" noValidate onSubmit={(e) => void submit(e)} onFocus={() => void loadAuthApi().catch(() => undefined)}>
      <div className={errors.phone ? 'plain-field plain-field--error' : 'plain-field'}>
        <div className="phone-field__row">
          <PhoneAreaSelect value={area} onChange={setArea} />
          <span className="plain-input plain-input--joined">
            <input
              className="plain-input__control"
              type="text"
              placeholder="请输入手机号"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={20}
              value={phone}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? errorId('phone') : undefined}
              onChange={(e) => {
                setPhone(e.target.value);
                clear('phone');
              }}
              onBlur={(e) => check('phone', e.target.value)}
            />
            {phone ? (
              <button type="button" className="plain-input__suffix" aria-label="清除" onClick={() => setPhone('')}>
                ×
              </button>
            ) : null}
          </span>
        </div>
        {errors.phone ? (
          <div id={errorId('phone')} className="plain-field__error" role="alert">
            {errors.phone}
          </div>
        ) : null}
      </div>
      <div className={errors.password ? 'plain-field plain-field--error' : 'plain-field'}>
        <span className="plain-input">
          <input
            className="plain-input__control"
            type={showPassword ? 'text' : 'password'}
            placeholder="请输入密码"
            autoComplete="current-password"
            maxLength={LIMITS.passwordMax + 8}
            value={password}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? errorId('password') : undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              clear('password');
            }}
            onBlur={(e) => check('password', e.target.value)}
          />
          <button
            type="button"
            className="plain-input__suffix"
            aria-label={showPassword ? '隐藏密码' : '显示密码'}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((v) => !v)}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M2 12 C5 6 9 4 12 4 C15 4 19 6 22 12 C19 18 15 20 12 20 C9 20 5 18 2 12 Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              {showPassword ? null : <path d="M4 20 L20 4" stroke="currentColor" strokeWidth="1.6" />}
            </svg>
          </button>
        </span>
        {errors.password ? (
          <div id={errorId('password')} className="plain-field__error" role="alert">
            {errors.password}
          </div>
        ) : null}
      </div>
      <LoginFormActions phone={phone} submitting={submitting} />
    </form>
  );
}
