import { PATHS } from '../../lib/paths.ts';
import { AuthLink, useAuthHref } from './auth-links.tsx';

/**
 * The part both login forms share: 忘记密码？, the 登录 button and the way to 立即注册, carrying the phone.
 * The button is a plain submit button (antd's Form submits on the native submit event too), so the plain
 * password form does not pull antd's Button into /login's first load.
 */
export function LoginFormActions({ phone, submitting }: { phone: string | undefined; submitting: boolean }) {
  const href = useAuthHref();
  return (
    <>
      <div className="auth-form__row auth-form__row--end">
        <AuthLink to={href(PATHS.reset)} phone={phone}>
          忘记密码？
        </AuthLink>
      </div>
      <button type="submit" className="plain-submit" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? <span className="plain-submit__spinner" aria-hidden="true" /> : null}
        登录
      </button>
      <div className="auth-form__switch">
        还没有账号？
        <AuthLink to={href(PATHS.register)} phone={phone}>
          立即注册
        </AuthLink>
      </div>
    </>
  );
}
