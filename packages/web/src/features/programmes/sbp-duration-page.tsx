import { useState } from 'react';
import { Button, Radio } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@summit/domain/messages';
import { formatMoney } from '../../components/payment/money.ts';
import { PORTAL_KEYS, chooseDuration } from './portal-api.ts';
import { PortalPage } from './portal-shell.tsx';

/** /sbp/course-duration: choose the length, each priced; locked once anything is paid. */
export default function SbpDurationPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <PortalPage title="选择课程时长" gate="offer">
      {(portal, links) => {
        if (portal.fees.durations.length === 0) return <p className="pp-card pp-muted">本项目无需选择课程时长。</p>;
        const locked = portal.fees.paid_fen > 0;
        const value = picked ?? portal.fees.duration_key;
        const save = async () => {
          if (!value) return;
          setBusy(true);
          try {
            await chooseDuration(portal.code, value);
            await queryClient.invalidateQueries({ queryKey: PORTAL_KEYS.portal(portal.code) });
            void navigate(links.pay);
          } catch {
            // The client showed the message.
          } finally {
            setBusy(false);
          }
        };
        return (
          <>
            {locked ? (
              <p className="pp-card pp-warn" role="status">
                {MSG.PROGRAMME_DURATION_LOCKED}
              </p>
            ) : (
              <p className="pp-muted">请选择参加的课程时长，费用随时长不同；缴费后不能再更改。</p>
            )}
            <Radio.Group className="pp-choices" value={value} disabled={locked} onChange={(e) => setPicked(e.target.value as string)} aria-label="课程时长">
              {portal.fees.durations.map((d) => (
                <Radio key={d.key} value={d.key} className="pp-choice">
                  <span className="pp-choice__label">{d.label}</span>
                  <span className="pp-muted">{d.weeks} 周</span>
                  <strong className="pp-choice__fee">{formatMoney(d.fee_fen)}</strong>
                </Radio>
              ))}
            </Radio.Group>
            {locked ? null : (
              <Button type="primary" size="large" block className="pp-btn" disabled={!value} loading={busy} onClick={() => void save()}>
                确认并去缴费
              </Button>
            )}
          </>
        );
      }}
    </PortalPage>
  );
}
