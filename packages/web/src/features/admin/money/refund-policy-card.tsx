import { useEffect } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Space, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ONLINE_MOVE_DEDUCTION } from '@summit/domain/refunds';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { fenToYuan, formatFen, yuanToFen } from './money.ts';
import { REFUND_KEYS, fetchRefundPolicy, saveRefundPolicy } from './refunds-api.ts';

interface PolicyForm {
  deadline: Dayjs | null;
  deductions: Array<{ label: string; amount: number }>;
  threshold: number;
}

/** 退款政策 beside the fees (decision 068): deadline, fixed deductions and the second-admin threshold. */
export function RefundPolicyCard() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PolicyForm>();
  const [toast, holder] = message.useMessage();
  const policy = useQuery({ queryKey: REFUND_KEYS.policy, queryFn: ({ signal }) => fetchRefundPolicy(signal) });
  useEffect(() => {
    if (policy.data)
      form.setFieldsValue({
        deadline: policy.data.deadline ? dayjs(policy.data.deadline).tz() : null,
        deductions: policy.data.deductions.map((d) => ({ label: d.label, amount: fenToYuan(d.fen) })),
        threshold: fenToYuan(policy.data.approval_threshold_fen),
      });
  }, [policy.data, form]);
  const save = useMutation({
    mutationFn: (v: PolicyForm) =>
      saveRefundPolicy({
        deadline: v.deadline ? beijingWallClockToIso(v.deadline) : null,
        deductions: (v.deductions ?? []).map((d) => ({ label: d.label.trim(), fen: yuanToFen(d.amount) ?? 0 })),
        approval_threshold_fen: yuanToFen(v.threshold) ?? 0,
      }),
    onSuccess: (data) => {
      void toast.success(`退款政策已保存：超过 ${formatFen(data.approval_threshold_fen)} 须另一位管理员审批`);
      queryClient.setQueryData(REFUND_KEYS.policy, data);
      void queryClient.invalidateQueries({ queryKey: REFUND_KEYS.all });
    },
  });

  return (
    <section className="admin-card" aria-label="退款政策">
      {holder}
      <h2>退款政策</h2>
      {policy.isPending ? (
        <LoadingState rows={3} />
      ) : policy.isError ? (
        <ErrorState onRetry={() => void policy.refetch()} />
      ) : (
        <Form form={form} layout="vertical" name="refund-policy" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          <Form.Item name="deadline" label="退款截止时间（北京时间）" extra="截止后只有具有“审批大额退款”权限的管理员可以发起退款。留空表示不设截止。">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} allowClear />
          </Form.Item>
          <Form.List name="deductions">
            {(fields, { add, remove }) => (
              <div className="refund-deductions">
                <p className="admin-label">固定扣除项（从订单实付中扣除一次）</p>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item name={[field.name, 'label']} rules={[{ required: true, whitespace: true, max: 40, message: '请填写名称（1–40 字）' }]}>
                      <Input placeholder="名称" aria-label="扣除项名称" maxLength={40} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'amount']} rules={[{ required: true, message: '请填写金额' }]}>
                      <InputNumber<number> prefix="¥" min={0.01} max={1_000_000} precision={2} aria-label="扣除金额（元）" />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)}>删除</Button>
                  </Space>
                ))}
                <Space wrap>
                  <Button onClick={() => add({ label: '', amount: undefined })} disabled={fields.length >= 10}>
                    添加扣除项
                  </Button>
                  <Button onClick={() => add({ label: ONLINE_MOVE_DEDUCTION.label, amount: fenToYuan(ONLINE_MOVE_DEDUCTION.fen) })} disabled={fields.length >= 10}>
                    添加“{ONLINE_MOVE_DEDUCTION.label} {formatFen(ONLINE_MOVE_DEDUCTION.fen)}”
                  </Button>
                </Space>
              </div>
            )}
          </Form.List>
          <Form.Item name="threshold" label="审批额度（元）" extra="一笔订单累计退款（已退、退款中、待审批与本次之和）超过此金额时，须由发起人以外的管理员批准后才会退款。" rules={[{ required: true, message: '请输入审批额度' }]}>
            <InputNumber<number> prefix="¥" min={0} max={1_000_000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存退款政策
          </Button>
          {policy.data.updated_at ? <p className="admin-muted">上次修改：{formatTime(policy.data.updated_at)}</p> : null}
        </Form>
      )}
    </section>
  );
}
