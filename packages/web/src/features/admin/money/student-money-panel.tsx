import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRefund, StudentMoney, StudentMoneyOrder } from '@summit/domain/api/refunds';
import { PAYMENT_PURPOSE_LABELS, formatAmount } from '@summit/domain/payments';
import { REFUND_STATUS_LABELS, needsSecondApproval, type RefundStatus } from '@summit/domain/refunds';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { useKeyboardScroller } from '../../../components/keyboard-scroller.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTime } from '../shell/admin-format.ts';
import { fenToYuan, formatFen, yuanToFen } from './money.ts';
import { REFUND_KEYS, approveRefund, createRefund, fetchStudentMoney, newIdempotencyKey, rejectRefund } from './refunds-api.ts';
import { STUDENT_ADMIN_KEYS } from '../people/students-admin-api.ts';

export const REFUND_STATUS_COLORS: Record<RefundStatus, string> = {
  requested: 'gold',
  processing: 'blue',
  succeeded: 'green',
  failed: 'red',
  rejected: 'default',
};

const ORDER_STATUS_LABELS: Record<string, string> = { paid: '已支付', refunded: '已全额退款' };
const PAYER_LABELS: Record<string, string> = { student: '学生本人', parent: '家长代付' };

interface RefundFormValues {
  order_id: string;
  amount: number;
  reason: string;
}

/** The refund form: the order, the policy's lines and suggested amount, which the admin may lower but never raise. */
function RefundModal({ money, open, onClose }: { money: StudentMoney; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<RefundFormValues>();
  const refundable = money.orders.filter((o) => o.suggestion && o.suggestion.suggested_fen > 0);
  const [orderNo, setOrderNo] = useState<string | undefined>(refundable[0]?.order_no);
  // One key per opened form: a double click or a retry after a lost answer is the same refund.
  const key = useMemo(() => (open ? newIdempotencyKey() : ''), [open]);
  const order: StudentMoneyOrder | undefined = money.orders.find((o) => o.order_no === orderNo);
  const suggestion = order?.suggestion ?? null;
  const amount = Form.useWatch('amount', form);
  const amountFen = yuanToFen(amount ?? null);

  const save = useMutation({
    mutationFn: (v: RefundFormValues) => createRefund(money.user_id, { order_id: v.order_id, amount_fen: yuanToFen(v.amount) ?? 0, reason: v.reason, idempotency_key: key }),
    onSuccess: (refund) => {
      void message.success(refund.status === 'requested' ? '退款已提交，等待另一位管理员审批' : '退款已提交');
      void qc.invalidateQueries({ queryKey: REFUND_KEYS.all });
      void qc.invalidateQueries({ queryKey: STUDENT_ADMIN_KEYS.detail(money.user_id) });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) {
        const name = err.field === 'amount_fen' ? 'amount' : err.field === 'order_id' ? 'order_id' : err.field === 'reason' ? 'reason' : null;
        if (name) form.setFields([{ name, errors: [err.msg] }]);
      }
    },
  });

  const pick = (no: string) => {
    setOrderNo(no);
    const s = money.orders.find((o) => o.order_no === no)?.suggestion;
    form.setFieldsValue({ amount: s ? fenToYuan(s.suggested_fen) : 0 });
  };

  return (
    <Modal
      title="发起退款"
      open={open}
      onCancel={onClose}
      okText="提交退款"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible && refundable[0]) {
          setOrderNo(refundable[0].order_no);
          form.setFieldsValue({ order_id: refundable[0].order_no, amount: fenToYuan(refundable[0].suggestion!.suggested_fen), reason: '' });
        }
      }}
    >
      <Form<RefundFormValues> form={form} layout="vertical" name="refund-form" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
        <Form.Item name="order_id" label="订单" rules={[{ required: true, message: '请选择订单' }]}>
          <Select
            aria-label="订单"
            onChange={pick}
            options={refundable.map((o) => ({ value: o.order_no, label: `${PAYMENT_PURPOSE_LABELS[o.purpose]} · ${formatAmount(o.amount_fen, o.currency)} · ${PAYER_LABELS[o.payer] ?? o.payer}` }))}
          />
        </Form.Item>
        {suggestion ? (
          <div className="refund-policy-lines" aria-label="退款政策">
            <h4>退款政策</h4>
            <ul>
              {suggestion.lines.map((l) => (
                <li key={l.label}>
                  <span>{l.label}</span>
                  <strong>{formatAmount(l.fen, order?.currency)}</strong>
                </li>
              ))}
            </ul>
            {money.policy.deadline ? <p className="ops-muted">退款截止时间：{formatTime(money.policy.deadline)}</p> : null}
            {suggestion.after_deadline ? <Alert type="warning" showIcon message="已过退款截止时间：仅具有“审批大额退款”权限的管理员可以发起，须写明原因。" /> : null}
          </div>
        ) : null}
        <Form.Item
          name="amount"
          label="退款金额（元）"
          extra={suggestion ? `最多 ${formatAmount(suggestion.suggested_fen, order?.currency)}；原路退回${order?.payer === 'parent' ? '家长的' : ''}付款账户` : undefined}
          rules={[
            { required: true, message: '请填写退款金额' },
            {
              validator: async (_r, v: number | null) => {
                const fen = yuanToFen(v ?? null);
                if (fen === null || fen <= 0) throw new Error('请填写大于 0 的金额');
                if (suggestion && fen > suggestion.suggested_fen) throw new Error(`不能超过 ${formatAmount(suggestion.suggested_fen, order?.currency)}`);
              },
            },
          ]}
        >
          <InputNumber<number> aria-label="退款金额（元）" prefix="¥" min={0.01} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        {amountFen !== null && needsSecondApproval(amountFen, suggestion?.live_refunds_fen ?? 0, money.policy, order?.currency) ? (
          <Alert type="info" showIcon message={order && order.currency !== 'CNY' ? `该订单以 ${order.currency} 支付，无法与人民币审批额度比较：提交后须由另一位管理员批准才会退款。` : `该订单累计退款（含本次）超过审批额度 ${formatFen(money.policy.approval_threshold_fen)}：提交后须由另一位管理员批准才会退款。`} />
        ) : null}
        <Form.Item name="reason" label="退款原因" rules={[{ required: true, whitespace: true, min: 2, message: '请填写退款原因（2–200 字）' }]}>
          <Input.TextArea aria-label="退款原因" rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 批准 / 驳回 for a request waiting on a second admin. */
export function ApprovalButtons({ refund, onDone }: { refund: AdminRefund; onDone: () => void }) {
  const approve = useMutation({ mutationFn: () => approveRefund(refund.refund_no), onSuccess: () => (void message.success('已批准，退款已发送'), onDone()) });
  const reject = useMutation({ mutationFn: () => rejectRefund(refund.refund_no), onSuccess: () => (void message.success('已驳回'), onDone()) });
  return (
    <Space wrap>
      <Popconfirm title={`批准退款 ${formatAmount(refund.amount_fen, refund.currency)}？`} description="批准后立即原路退回付款人。" okText="批准" cancelText="取消" onConfirm={() => approve.mutate()}>
        <Button size="small" type="primary" loading={approve.isPending}>
          批准
        </Button>
      </Popconfirm>
      <Popconfirm title="驳回这笔退款？" okText="驳回" cancelText="取消" onConfirm={() => reject.mutate()}>
        <Button size="small" danger loading={reject.isPending}>
          驳回
        </Button>
      </Popconfirm>
    </Space>
  );
}

export function RefundStatusTag({ status }: { status: RefundStatus }) {
  return <Tag color={REFUND_STATUS_COLORS[status]}>{REFUND_STATUS_LABELS[status]}</Tag>;
}

/** The refunds of the student's orders: read-only, so its sideways scroll is made reachable from the keyboard. */
function RefundRecords({ refunds }: { refunds: AdminRefund[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useKeyboardScroller(ref, '退款记录');
  return (
    <div ref={ref}>
      <Table<AdminRefund>
        size="small"
        rowKey="refund_no"
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="退款记录"
        dataSource={refunds}
        columns={[
          { title: '金额', dataIndex: 'amount_fen', render: (f: number, r) => formatAmount(f, r.currency) },
          { title: '状态', dataIndex: 'status', render: (s: RefundStatus) => <RefundStatusTag status={s} /> },
          { title: '原因', dataIndex: 'reason' },
          { title: '发起人', dataIndex: 'requested_by_name', render: (n: string | null) => n ?? '—' },
          { title: '审批人', dataIndex: 'approved_by_name', render: (n: string | null, r) => (r.approval_required ? (n ?? '待审批') : '无需审批') },
          { title: '时间', dataIndex: 'created_at', render: (t: string) => formatTime(t) },
        ]}
      />
    </div>
  );
}

/** 缴费与退款 on /admin/student/:userId (decision 068). Shown to staff holding money.refund. */
export function StudentMoneyPanel({ userId }: { userId: number }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const money = useQuery({ queryKey: REFUND_KEYS.student(userId), queryFn: ({ signal }) => fetchStudentMoney(userId, signal), retry: false });
  const refresh = () => void qc.invalidateQueries({ queryKey: REFUND_KEYS.all });
  // The orders table scrolls sideways on a phone and holds no control either.
  const ordersRef = useRef<HTMLDivElement>(null);
  useKeyboardScroller(ordersRef, '已支付订单');

  let body;
  if (money.isPending) body = <LoadingState rows={3} />;
  else if (money.isError) body = <ErrorState onRetry={() => void money.refetch()} />;
  else {
    const m = money.data;
    const canRefund = m.orders.some((o) => o.suggestion && o.suggestion.suggested_fen > 0);
    const waiting = m.refunds.filter((r) => r.status === 'requested' && r.approval_required);
    body = (
      <>
        {m.orders.length === 0 ? (
          <p className="ops-muted">暂无已支付的订单</p>
        ) : (
          <div ref={ordersRef}>
            <Table<StudentMoneyOrder>
              size="small"
              rowKey="order_no"
              pagination={false}
              scroll={{ x: 'max-content' }}
              aria-label="已支付订单"
              dataSource={m.orders}
              columns={[
                { title: '项目', dataIndex: 'purpose', render: (p: StudentMoneyOrder['purpose']) => PAYMENT_PURPOSE_LABELS[p] },
                { title: '付款人', dataIndex: 'payer', render: (p: string) => PAYER_LABELS[p] ?? p },
                { title: '实付', dataIndex: 'amount_fen', render: (f: number, r) => formatAmount(f, r.currency) },
                { title: '已退', dataIndex: 'refunded_fen', render: (f: number, r) => formatAmount(f, r.currency) },
                { title: '状态', dataIndex: 'status', render: (s: string) => ORDER_STATUS_LABELS[s] ?? s },
                { title: '付款时间', dataIndex: 'paid_at', render: (t: string | null) => formatTime(t) },
              ]}
            />
          </div>
        )}
        {waiting.length > 0 && m.can_approve ? (
          <div className="money-waiting" aria-label="待审批退款">
            <h4>待审批（须由发起人以外的管理员批准）</h4>
            {waiting.map((r) => (
              <div key={r.refund_no} className="money-waiting__row">
                <span>
                  {formatAmount(r.amount_fen, r.currency)} · {r.reason} · 发起人 {r.requested_by_name ?? '—'}
                </span>
                <ApprovalButtons refund={r} onDone={refresh} />
              </div>
            ))}
          </div>
        ) : null}
        <h4>退款记录</h4>
        {m.refunds.length === 0 ? (
          <p className="ops-muted">暂无退款</p>
        ) : (
          <RefundRecords refunds={m.refunds} />
        )}
        <RefundModal money={m} open={open} onClose={() => setOpen(false)} />
        <Button type="primary" disabled={!canRefund} onClick={() => setOpen(true)}>
          退款
        </Button>
      </>
    );
  }
  return (
    <Card size="small" title="缴费与退款" role="region" aria-label="缴费与退款" className="student-money">
      {body}
    </Card>
  );
}
