import type { ReactNode } from 'react';
import type { MyApplication } from '@summit/domain/api/programmes';
import { formatFen } from '@summit/domain/payments';
import { APPLICATION_STATE_LABELS } from '@summit/domain/programmes';
import { stateDetail, stateTone } from './apply-model.ts';

/**
 * Where the application stands: 审核中, 待支付申请费 (with the way to pay), or the released decision.
 * `actions` adds page-specific links (e.g. 查看申请 on the volunteer status page); `feeAction` the way to pay.
 */
export function ApplyStateCard({ app, actions, feeAction }: { app: MyApplication; actions?: ReactNode; feeAction?: ReactNode }) {
  const offerLabel = app.decision?.offer_label ?? null;
  return (
    <section className={`programme-state programme-state--${stateTone(app.state)}`} aria-live="polite" data-testid="programme-state">
      <p className="programme-state__label">申请状态</p>
      <p className="programme-state__value">{APPLICATION_STATE_LABELS[app.state]}</p>
      <p className="programme-state__detail">{stateDetail(app.state, offerLabel)}</p>
      {app.state === 'awaiting_fee' ? (
        <div className="programme-state__fee">
          <span>
            申请费 <strong>{formatFen(app.apply_fee.fen)}</strong>
          </span>
          {feeAction}
        </div>
      ) : null}
      {actions ? <div className="programme-state__actions">{actions}</div> : null}
    </section>
  );
}
