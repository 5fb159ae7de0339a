import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emailVerificationStatusSchema } from '@summit/domain/api/email';
import { EMAIL_MSG } from '@summit/domain/email-verification';
import { api } from '../lib/api-client.ts';
import { toast } from '../lib/notifier.ts';
import './email-verify-status.css';

const STATUS_KEY = ['student', 'email-status'] as const;

/** Seconds left of a countdown of `from` seconds that the server reported at `since` (ms). */
function useSecondsLeft(from: number, since: number): number {
  const deadline = since + from * 1000;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [deadline]);
  const left = Math.max(0, Math.ceil((deadline - Math.max(now, since)) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [left]);
  return left;
}

/**
 * A student's e-mail with its verification state and 发送验证邮件 (decision 027). Self-contained (its own
 * queries), so any student page showing the address can place it: /account does.
 */
export function EmailVerifyStatus() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => api.get('/student/email/status', { schema: emailVerificationStatusSchema, signal }),
  });
  const send = useMutation({
    mutationFn: () => api.post('/student/email/verify/send', {}, { schema: emailVerificationStatusSchema }),
    onSuccess: (data) => {
      queryClient.setQueryData(STATUS_KEY, data);
      toast('success', EMAIL_MSG.SENT);
    },
    // The api client already toasted the reason (too soon, daily limit …); the latest countdown comes back.
    onError: () => void status.refetch(),
  });
  const secondsLeft = useSecondsLeft(status.data?.resend_in ?? 0, status.dataUpdatedAt);

  if (status.isPending) return <span className="email-verify__muted">加载中…</span>;
  if (status.isError || !status.data) return <span className="email-verify__muted">邮箱状态暂时无法读取</span>;
  const { email, verified, last_sent_at: lastSentAt } = status.data;
  if (!email) return <span>未填写</span>;

  return (
    <div className="email-verify">
      <span className="email-verify__address">{email}</span>
      {verified ? (
        <span className="email-verify__tag email-verify__tag--ok" data-testid="email-verified">
          已验证
        </span>
      ) : (
        <>
          <span className="email-verify__tag">未验证</span>
          <Button size="middle" className="email-verify__send" loading={send.isPending} disabled={secondsLeft > 0} onClick={() => send.mutate()}>
            {secondsLeft > 0 ? `${secondsLeft}秒后可重发` : lastSentAt ? '重新发送验证邮件' : '发送验证邮件'}
          </Button>
          {lastSentAt ? <span className="email-verify__hint">验证邮件已发送，请在 24 小时内点击邮件中的链接完成验证。</span> : null}
        </>
      )}
    </div>
  );
}
