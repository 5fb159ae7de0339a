import { useEffect } from 'react';
import { Button, DatePicker, Form, InputNumber, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEADLINE_LABELS, DEADLINE_ORDER } from '@summit/domain/application';
import { DEADLINE_KEYS, type DeadlineKey } from '@summit/domain/constants';
import { BATCH_TERMS } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, fetchDeadlines, fetchFees, saveDeadlines, saveFees } from '../shell/admin-api.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { fenToYuan, formatFen, yuanToFen } from './money.ts';
import { SiteContactCard, SiteQrCard } from '../site/site-qr-card.tsx';
import { BatchLegend, PROGRAMME_KEY, ProgrammeCard } from '../site/settings-programme-card.tsx';
import { StaffMfaCard } from '../people/staff-mfa-card.tsx';
import { RefundPolicyCard } from './refund-policy-card.tsx';
import { FeePlanCard } from './settings-fee-plan-card.tsx';

const MAX_YUAN = 1_000_000;

function FeesCard() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ apply: number; tuition: number }>();
  const [toast, holder] = message.useMessage();
  const fees = useQuery({ queryKey: ADMIN_KEYS.fees, queryFn: ({ signal }) => fetchFees({ signal }) });
  useEffect(() => {
    if (fees.data) form.setFieldsValue({ apply: fenToYuan(fees.data.apply_fen), tuition: fenToYuan(fees.data.tuition_fen) });
  }, [fees.data, form]);
  const save = useMutation({
    mutationFn: (v: { apply: number; tuition: number }) => saveFees({ apply_fen: yuanToFen(v.apply) ?? 0, tuition_fen: yuanToFen(v.tuition) ?? 0 }),
    onSuccess: (data) => {
      void toast.success(`已保存：申请费 ${formatFen(data.apply_fen)}，学费 ${formatFen(data.tuition_fen)}`);
      queryClient.setQueryData(ADMIN_KEYS.fees, data);
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.aid });
      // The programme record serves the fees too.
      void queryClient.invalidateQueries({ queryKey: PROGRAMME_KEY });
    },
  });
  const amount = [{ required: true, message: '请输入金额' }];

  return (
    <section className="admin-card" aria-label="费用设置">
      {holder}
      <h2>费用设置</h2>
      {fees.isPending ? (
        <LoadingState rows={3} />
      ) : fees.isError ? (
        <ErrorState onRetry={() => void fees.refetch()} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          <Form.Item name="apply" label="申请费（元）" rules={amount}>
            <InputNumber<number> prefix="¥" min={0.01} max={MAX_YUAN} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="tuition" label="学费（元）" rules={amount} extra="已批准的助学金会从学费订单中扣除。">
            <InputNumber<number> prefix="¥" min={0.01} max={MAX_YUAN} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存费用
          </Button>
          {fees.data.updated_at ? <p className="admin-muted">上次修改：{formatTime(fees.data.updated_at)}</p> : null}
        </Form>
      )}
    </section>
  );
}

type DeadlineForm = Partial<Record<DeadlineKey, Dayjs | null>>;

function DeadlinesCard() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DeadlineForm>();
  const [toast, holder] = message.useMessage();
  const deadlines = useQuery({ queryKey: ADMIN_KEYS.deadlines, queryFn: ({ signal }) => fetchDeadlines({ signal }) });
  useEffect(() => {
    if (deadlines.data) form.setFieldsValue(Object.fromEntries(deadlines.data.items.map((i) => [i.key, dayjs(i.deadline).tz()])));
  }, [deadlines.data, form]);
  const save = useMutation({
    mutationFn: (v: DeadlineForm) => saveDeadlines(DEADLINE_KEYS.map((key) => ({ key, deadline: beijingWallClockToIso(v[key] ?? dayjs()) }))),
    onSuccess: (data) => {
      void toast.success('截止日期已保存');
      queryClient.setQueryData(ADMIN_KEYS.deadlines, data);
      void queryClient.invalidateQueries({ queryKey: PROGRAMME_KEY });
    },
    onError: (err) => {
      // 4003 on items.<i>.deadline: show it under that picker.
      if (err instanceof ApiError && err.field) {
        const index = Number(/^items\.(\d+)/.exec(err.field)?.[1]);
        const key = DEADLINE_KEYS[index];
        if (key) form.setFields([{ name: key, errors: [err.msg] }]);
      }
    },
  });

  return (
    <section className="admin-card" aria-label="截止日期">
      {holder}
      <h2>申请截止日期</h2>
      {deadlines.isPending ? (
        <LoadingState rows={4} />
      ) : deadlines.isError ? (
        <ErrorState onRetry={() => void deadlines.refetch()} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          {DEADLINE_ORDER.map((key) => (
            <Form.Item key={key} name={key} label={`${DEADLINE_LABELS[key]}（${key}）`} tooltip={BATCH_TERMS[key].meaning} rules={[{ required: true, message: '请选择' }]}>
              <DatePicker showTime={{ format: 'HH:mm:ss' }} format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
            </Form.Item>
          ))}
          <p className="admin-muted">须满足 提前批I ≤ 提前批II ≤ 常规批 ≤ 最终截止（材料）；时间均为北京时间。</p>
          <BatchLegend />
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存截止日期
          </Button>
        </Form>
      )}
    </section>
  );
}

/**
 * 费用与截止日期: the one place the programme facts are edited (decision 029): the programme record, the fees,
 * the four application deadlines, and the contact channel (QR images and contact details).
 */
export default function SettingsTab() {
  return (
    <div className="admin-settings">
      <ProgrammeCard />
      <FeesCard />
      <RefundPolicyCard />
      <FeePlanCard />
      <DeadlinesCard />
      <SiteQrCard />
      <SiteContactCard />
      <StaffMfaCard />
    </div>
  );
}
