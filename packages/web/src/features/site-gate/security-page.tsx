import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TESTER_PASSWORD_PARAM, hasTesterFlag, submitTesterPassword } from '../../lib/site-variant.ts';
import { safeReturnPath } from './return-path.ts';
import './security-page.css';

/**
 * /innersecurity and /amcsecurity (docs/product/users-and-roles.md): the tester gate of non-production hosts. The password is
 * checked by the server; on success the tester flag is stored and the visitor goes back where they were.
 * A `?password=` on the URL is tried once automatically (links handed to testers).
 */
export default function SecurityPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const back = safeReturnPath(params.get('r'));
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const autoTried = useRef(false);

  const check = async (value: string) => {
    setBusy(true);
    setError('');
    const result = await submitTesterPassword(value);
    setBusy(false);
    if (result.ok) void navigate(back, { replace: true });
    else setError(result.msg);
  };

  useEffect(() => {
    if (hasTesterFlag()) {
      void navigate(back, { replace: true });
      return;
    }
    const fromUrl = params.get(TESTER_PASSWORD_PARAM);
    if (fromUrl && !autoTried.current) {
      autoTried.current = true;
      void check(fromUrl);
    }
    // Runs on entry only: the URL's password is tried once.
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) {
      setError('输入框不能为空');
      return;
    }
    void check(password);
  };

  return (
    <div className="page page--narrow security-page">
      <h1 className="page__title">测试环境访问验证</h1>
      <p className="security-page__lead">这是 Summit 的测试站点，仅供项目组成员与受邀测试人员访问。请输入访问密码。</p>
      <form className="security-page__form" onSubmit={onSubmit} noValidate>
        <label className="security-page__label" htmlFor="tester-password">
          访问密码
        </label>
        <input
          id="tester-password"
          className="security-page__input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tester-password-error' : undefined}
        />
        {error ? (
          <p id="tester-password-error" className="security-page__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="plain-button plain-button--primary security-page__submit" disabled={busy}>
          {busy ? '验证中…' : '进入网站'}
        </button>
      </form>
    </div>
  );
}
