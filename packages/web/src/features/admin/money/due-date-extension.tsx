import './due-date-extension.css';
import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Modal, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { INSTALLMENT_STATUS_LABELS, staffDuesSchema, dueDateExtensionSchema, type StaffDue } from '@summit/domain/fee-plan';
import { MSG } from '@summit/domain/messages';
import { formatAmount } from '@summit/domain/payments';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { canExtend, dueOwnerPath, dueText, extensionDueIso, firstExtensionDay, isExtensionDayAllowed, type DueOwner } from './due-date-extension-model.ts';

const base = dueOwnerPath;
export const DUE_KEYS = {
  all: ['admin', 'dues'] as const,
  of: (o: DueOwner) => ['admin', 'dues', base(o)] as const,
};
export const fetchStaffDues = (o: DueOwner, signal?: AbortSignal) => api.get(`${base(o)}/dues`, { schema: staffDuesSchema, ...(signal ? { signal } : {}) });
export const extendDue = (o: DueOwner, body: { purpose: string; due_at: string; reason: string }) =>
  api.request(`${base(o)}/due-date`, { method: 'PUT', body, schema: dueDateExtensionSchema, fieldNames: ['due_at', 'reason'] });

const STATUS_COLORS: Record<StaffDue['status'], string> = { unpaid: 'gold', paid: 'green', overdue: 'red' };

interface ExtendValues {
  day: Dayjs | null;
  reason: string;
}

function ExtendModal({ owner, due, onClose }: { owner: DueOwner; due: StaffDue; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<ExtendValues>();
  const now = new Date();
  const save = useMutation({
    mutationFn: (v: ExtendValues) => extendDue(owner, { purpose: due.purpose, due_at: extensionDueIso(v.day!), reason: v.reason }),
    onSuccess: () => {
      void message.success('缴费期限已延长');
      void qc.invalidateQueries({ queryKey: DUE_KEYS.all });
      onClose();
    },
    onError: (err) => {
      // Only the two fields the client leaves to the form (fieldNames); anything else was toasted already.
      if (err instanceof ApiError && (err.field === 'due_at' || err.field === 'reason')) form.setFields([{ name: err.field === 'due_at' ? 'day' : 'reason', errors: [err.msg] }]);
    },
  });
  return (
    <Modal
      title={`延长缴费期限 · ${due.label}`}
      open
      onCancel={onClose}
      okText="确认延期"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p className="ops-muted">
        当前{dueText(due)}。延期后学生可在新的截止时间前缴费，并重新收到缴费提醒；此操作记入操作日志。
      </p>
      <Form<ExtendValues> form={form} layout="vertical" name="due-extend" initialValues={{ day: dayjs(firstExtensionDay(due.due_at, now)), reason: '' }} onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
        <Form.Item name="day" label="新的截止日期（北京时间当日 23:59 截止）" rules={[{ required: true, message: MSG.DUE_AT_INVALID }]}>
          <DatePicker aria-label="新的截止日期" style={{ width: '100%' }} allowClear={false} disabledDate={(d) => !isExtensionDayAllowed(d, due.due_at, now)} />
        </Form.Item>
        <Form.Item name="reason" label="延期原因" rules={[{ required: true, whitespace: true, max: 200, message: MSG.DUE_REASON_REQUIRED }]}>
          <Input.TextArea aria-label="延期原因" rows={3} maxLength={200} showCount placeholder="例如：家长申请延期，已电话确认" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 缴费期限 (decisions 072, 090): each installment's due date in force, marked （已延期） once staff moved it, and
 * 延长缴费期限 for an unpaid one. Shown to staff holding money.settings; the API checks the permission too.
 */
export function DueDatesPanel({ owner, title = '缴费期限' }: { owner: DueOwner; title?: string }) {
  const [editing, setEditing] = useState<StaffDue | null>(null);
  const dues = useQuery({ queryKey: DUE_KEYS.of(owner), queryFn: ({ signal }) => fetchStaffDues(owner, signal), retry: false });
  let body;
  if (dues.isPending) body = <LoadingState rows={2} />;
  else if (dues.isError) body = <ErrorState onRetry={() => void dues.refetch()} />;
  else if (dues.data.installments.length === 0) body = <p className="ops-muted">暂无待缴款项（录取结果公布后按缴费计划生成）</p>;
  else
    body = (
      <ul className="due-dates">
        {dues.data.installments.map((d) => (
          <li key={d.purpose} className="due-dates__row" data-testid={`due-${d.purpose}`}>
            <span className="due-dates__what">
              <strong>{d.label}</strong> {formatAmount(d.amount_fen)} <Tag color={STATUS_COLORS[d.status]}>{INSTALLMENT_STATUS_LABELS[d.status]}</Tag>
            </span>
            <span className="due-dates__when">{dueText(d)}</span>
            {canExtend(d) ? (
              <Button size="small" onClick={() => setEditing(d)} aria-label={`延长缴费期限：${d.label}`}>
                延长缴费期限
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  return (
    <Card size="small" title={title} role="region" aria-label={title} className="due-dates-card">
      {body}
      {editing ? <ExtendModal key={editing.purpose} owner={owner} due={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
