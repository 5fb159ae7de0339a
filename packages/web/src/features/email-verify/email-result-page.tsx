import { useLocation, useSearchParams } from 'react-router';
import { EMAIL_FAIL_TEXT, isEmailFailReason } from '@summit/domain/email-verification';
import { PATHS } from '../../lib/paths.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { ResultPanel } from '../../components/result-panel.tsx';

/**
 * /email/validate-success and /email/validate-fail: where the link in a verification e-mail lands
 * (GET /api/email/validate redirects here, decision 027). Public: the link is often opened in a mail app's
 * browser where the student is not logged in.
 */
export default function EmailResultPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const loggedIn = Boolean(authStorage.currentToken());
  const account = loggedIn ? { label: '查看我的账户', to: PATHS.account } : { label: '登录', to: `${PATHS.login}?r=${encodeURIComponent(PATHS.account)}` };

  if (pathname.toLowerCase() === PATHS.emailValidateSuccess) {
    return (
      <ResultPanel
        kind="success"
        title="邮箱验证成功"
        detail="你的邮箱已完成验证。录取结果、缴费提醒等重要通知也会发送到这个邮箱。"
        actions={[{ ...account, primary: true }, { label: '返回首页', to: PATHS.home }]}
      />
    );
  }
  const reason = params.get('reason');
  const text = EMAIL_FAIL_TEXT[isEmailFailReason(reason) ? reason : 'invalid'];
  return (
    <ResultPanel
      kind="error"
      title={text.title}
      detail={text.detail}
      actions={[{ label: loggedIn ? '重新发送验证邮件' : '登录后重新发送', to: loggedIn ? PATHS.account : account.to, primary: true }, { label: '返回首页', to: PATHS.home }]}
    />
  );
}
