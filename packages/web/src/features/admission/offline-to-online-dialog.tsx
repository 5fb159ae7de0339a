import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTICE_MSG } from '@summit/domain/notice';
import { chineseMonthDayTime, yuanText } from '@summit/domain/programme-terms';
import { toast } from '../../lib/notifier.ts';
import './offline-to-online-dialog.css';
import { ONLINE_NOTICE_KEY, confirmFailure, confirmOfflineToOnline, fetchOnlineNotice, offlineToOnlineOpen, openFullNotice } from './offline-to-online.ts';

/**
 * Asks a student who paid tuition for an in-person programme before it switched to online to confirm attending
 * online (docs/product/states.md, decisions 017 and 029). The server decides who that is and sends the figures to quote.
 * Shown on the admission pages, whose success tab is a paid student's landing page. 稍后再说 hides it for this
 * page view only; it returns until the student confirms.
 */
export function OfflineToOnlineDialog({ enabled }: { enabled: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [postponed, setPostponed] = useState(false);
  const [error, setError] = useState('');
  const notice = useQuery({ queryKey: ONLINE_NOTICE_KEY, queryFn: ({ signal }) => fetchOnlineNotice(signal), enabled, retry: false, staleTime: 60_000 });
  const confirm = useMutation({
    mutationFn: confirmOfflineToOnline,
    onSuccess: (state) => {
      setError('');
      queryClient.setQueryData(ONLINE_NOTICE_KEY, state);
      toast('success', NOTICE_MSG.OFFLINE_TO_ONLINE_OK);
    },
    onError: (e) => {
      const failure = confirmFailure(e);
      setError(failure.message);
      if (failure.loginTo) void navigate(failure.loginTo, { replace: true });
    },
  });

  const open = enabled && offlineToOnlineOpen(notice.data, postponed);
  const facts = notice.data?.switch_notice;
  return (
    <Modal
      open={open}
      title="本届 Summit 改为线上举办"
      closable={false}
      maskClosable={false}
      keyboard={false}
      centered
      footer={null}
      destroyOnHidden
    >
      <div className="adm-o2o" data-testid="offline-to-online">
        {facts ? (
          <>
            <p>
              本届 Summit（<strong>{facts.dates}</strong>）改为线上举办，课程、研讨与活动均在线进行。
            </p>
            <p>
              你在改为线上之前已缴纳学费。线下与线上的学费差价 <strong>{yuanText(facts.difference_fen)} 元</strong>将退还给你，请在{' '}
              <strong>{chineseMonthDayTime(facts.refund_deadline)}</strong> 前完成退款申请，详见完整通知。
            </p>
          </>
        ) : null}
        <p className="adm-muted">点击「确认线上参加」，表示你已阅读通知并同意以线上方式参加本届项目。</p>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
        <div className="adm-o2o__actions">
          <Button size="large" className="adm-button" onClick={() => openFullNotice()}>
            查看完整通知
          </Button>
          <Button size="large" className="adm-button" onClick={() => setPostponed(true)} disabled={confirm.isPending}>
            稍后再说
          </Button>
          <Button type="primary" size="large" className="adm-button" loading={confirm.isPending} onClick={() => confirm.mutate()}>
            确认线上参加
          </Button>
        </div>
      </div>
    </Modal>
  );
}
