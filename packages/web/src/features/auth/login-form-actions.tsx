import { Button } from 'antd';
import { PATHS } from '../../app/paths.ts';
import { AuthLink, useAuthHref } from './auth-links.tsx';

/** The part both login forms share: 忘记密码？, the 登录 button and the way to 立即注册, carrying the phone. */
export function LoginFormActions({ phone, submitting }: { phone: string | undefined; submitting: boolean }) {
  const href = useAuthHref();
  return (
    <>
      <div className="auth-form__row auth-form__row--end">
        <AuthLink to={href(PATHS.reset)} phone={phone}>
          忘记密码？
        </AuthLink>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
      <div className="auth-form__switch">
        还没有账号？
        <AuthLink to={href(PATHS.register)} phone={phone}>
          立即注册
        </AuthLink>
      </div>
    </>
  );
}
