import { useEffect } from 'react';
import { Button, DatePicker, Form, InputNumber, Radio, Select, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OVERDUE_RULES, OVERDUE_RULE_LABELS, type DueRule, type FeePlan, type OverdueRule } from '@summit/domain/fee-plan';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, fetchFeePlan, saveFeePlan } from '../shell/admin-api.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { fenToYuan, formatFen, yuanToFen } from './money.ts';

interface DueField {
  kind: 'after_offer' | 'date';
  days?: number | null;
  date?: Dayjs | null;
}
interface PlanForm {
  mode: 'whole' | 'split';
  whole_due: DueField;
  deposit: number;
  deposit_due: DueField;
  final_due: DueField;
  reminder_days: number[];
  overdue_rule: OverdueRule;
}

const toField = (r: DueRule): DueField => (r.kind === 'date' ? { kind: 'date', date: dayjs(r.at).tz() } : { kind: 'after_offer', days: r.days });
const toRule = (f: DueField): DueRule =>
  f.kind === 'date' ? { kind: 'date', at: beijingWallClockToIso(f.date ?? dayjs()) } : { kind: 'after_offer', days: f.days ?? 0 };

function DueInput({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item label={label} required>
      <Form.Item name={[name, 'kind']} noStyle>
        <Radio.Group
          options={[
            { value: 'after_offer', label: '录取后天数' },
            { value: 'date', label: '固定日期' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) =>
          getFieldValue([name, 'kind']) === 'date' ? (
            <Form.Item name={[name, 'date']} noStyle rules={[{ required: true, message: '请选择日期' }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%', marginTop: 8 }} aria-label={`${label}日期`} />
            </Form.Item>
          ) : (
            <Form.Item name={[name, 'days']} noStyle rules={[{ required: true, message: '请输入天数' }]}>
              <InputNumber<number> min={1} max={365} precision={0} suffix="天" style={{ width: '100%', marginTop: 8 }} aria-label={`${label}天数`} />
            </Form.Item>
          )
        }
      </Form.Item>
    </Form.Item>
  );
}

/** 缴费计划 (decision 072): whole or deposit + final, due dates, reminder days and the overdue rule. */
export function FeePlanCard() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlanForm>();
  const [toast, holder] = message.useMessage();
  const plan = useQuery({ queryKey: ADMIN_KEYS.feePlan, queryFn: ({ signal }) => fetchFeePlan({ signal }) });
  useEffect(() => {
    if (!plan.data) return;
    const p: FeePlan = plan.data;
    form.setFieldsValue({
      mode: p.mode,
      whole_due: toField(p.whole_due),
      deposit: fenToYuan(p.deposit_fen),
      deposit_due: toField(p.deposit_due),
      final_due: toField(p.final_due),
      reminder_days: p.reminder_days,
      overdue_rule: p.overdue_rule,
    });
  }, [plan.data, form]);
  const save = useMutation({
    mutationFn: (v: PlanForm) =>
      saveFeePlan({
        mode: v.mode,
        whole_due: toRule(v.whole_due),
        deposit_fen: yuanToFen(v.deposit) ?? 0,
        deposit_due: toRule(v.deposit_due),
        final_due: toRule(v.final_due),
        reminder_days: (v.reminder_days ?? []).map(Number),
        overdue_rule: v.overdue_rule,
      }),
    onSuccess: (data) => {
      void toast.success(data.mode === 'split' ? `已保存：定金 ${formatFen(data.deposit_fen)} + 尾款` : '已保存：全款缴纳');
      queryClient.setQueryData(ADMIN_KEYS.feePlan, data);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field === 'deposit_fen') form.setFields([{ name: 'deposit', errors: [err.msg] }]);
    },
  });

  return (
    <section className="admin-card" aria-label="缴费计划">
      {holder}
      <h2>缴费计划与逾期规则</h2>
      {plan.isPending ? (
        <LoadingState rows={4} />
      ) : plan.isError ? (
        <ErrorState onRetry={() => void plan.refetch()} />
      ) : (
        // getFieldsValue(true): the due rules of the mode not shown are kept in the store and saved as they are.
        <Form form={form} layout="vertical" onFinish={() => save.mutate(form.getFieldsValue(true) as PlanForm)} disabled={save.isPending}>
          <Form.Item name="mode" label="学费缴纳方式">
            <Radio.Group
              options={[
                { value: 'whole', label: '全款' },
                { value: 'split', label: '定金 + 尾款' },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.mode !== b.mode}>
            {({ getFieldValue }) =>
              getFieldValue('mode') === 'split' ? (
                <>
                  <Form.Item name="deposit" label="定金（元）" rules={[{ required: true, message: '请输入金额' }]} extra="尾款 = 学费 − 定金；已批准的助学金从尾款中扣除。">
                    <InputNumber<number> prefix="¥" min={0.01} max={1_000_000} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                  <DueInput name="deposit_due" label="定金截止" />
                  <DueInput name="final_due" label="尾款截止" />
                </>
              ) : (
                <DueInput name="whole_due" label="学费截止（录取通知书上的缴费截止）" />
              )
            }
          </Form.Item>
          <Form.Item name="reminder_days" label="提前提醒（截止前天数，短信）" extra="例如 7、3、1：截止前7天、3天、1天各提醒一次。">
            <Select mode="tags" tokenSeparators={[',', '，', ' ']} options={[7, 3, 1].map((d) => ({ value: d, label: `${d}天` }))} aria-label="提醒天数" />
          </Form.Item>
          <Form.Item name="overdue_rule" label="逾期未缴处理" extra="每日北京时间9:00执行；撤销录取名额会通知学生并记入操作日志。">
            <Radio.Group options={OVERDUE_RULES.map((r) => ({ value: r, label: OVERDUE_RULE_LABELS[r] }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存缴费计划
          </Button>
          {plan.data.updated_at ? <p className="admin-muted">上次修改：{formatTime(plan.data.updated_at)}</p> : null}
        </Form>
      )}
    </section>
  );
}
