import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { studentFormListSchema, studentFormRecordSchema, type StudentFormRecord } from '@summit/domain/api/application';
import { DEVICE_OPTIONS, HEARD_FROM_OPTIONS, NETWORK_OPTIONS, additionalInfoSchema } from '@summit/domain/application';
import { TIME_ZONE_OPTIONS } from '@summit/domain/constants';
import { PATHS } from '../../lib/paths.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { phoneRule, zodRule } from '../../lib/form-rules.ts';
import { toast } from '../../lib/notifier.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useAuthInfo } from '../../lib/session.ts';
import { CountedTextArea } from '../../components/counted-text-area.tsx';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { draftDataOf } from './apply-model.ts';
import type { DraftProblem } from './draft-copy.ts';
import { useDraftCopy } from './use-draft-copy.tsx';
import './apply.css';

const FORM_NAME = 'additional-info';
const KEY = ['student', 'form', FORM_NAME] as const;
const F = additionalInfoSchema.shape;
const FIELDS = ['time_zone', 'device', 'network', 'emergency_name', 'emergency_phone', 'health_notes', 'heard_from'];

/** /student/additional-info: follow-up questions for the online programme (needs step 1 submitted). */
export default function AdditionalInfoPage() {
  const record = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get('/student/form', { query: { form_name: FORM_NAME }, schema: studentFormListSchema, signal }),
  });
  const accountId = useAuthInfo().data?.user_id ?? null;

  return (
    <div className="page page--narrow apply-page">
      <h1 className="page__title">补充信息</h1>
      <p className="apply-form__note">本期项目在线上进行。请填写以下信息，便于我们安排课程时间并在紧急情况下联系你。</p>
      {record.isPending ? (
        <LoadingState rows={6} />
      ) : record.isError ? (
        <ErrorState onRetry={() => void record.refetch()} />
      ) : (
        <AdditionalInfoForm existing={record.data.items[0]} accountId={accountId} />
      )}
    </div>
  );
}

/**
 * The form itself. It is submitted whole (no server draft), so what is typed is kept in this browser until
 * the server has taken it (decision 024): a refused field or a reload never loses the answers.
 */
function AdditionalInfoForm({ existing, accountId }: { existing: StudentFormRecord | undefined; accountId: number | null }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const markFields = useCallback(
    (problems: readonly DraftProblem[]) => {
      form.setFields(problems.filter((p) => FIELDS.includes(p.field)).map((p) => ({ name: p.field, errors: [p.msg] })));
    },
    [form],
  );
  const copy = useDraftCopy({ form, name: FORM_NAME, accountId, serverUpdatedAt: existing?.submitted_at ?? null, normalise: draftDataOf, markFields });

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const saved = await api.post('/student/form', { form_name: FORM_NAME, value: { ...values, health_notes: (values.health_notes as string | undefined) ?? '' } }, {
        schema: studentFormRecordSchema,
        fieldNames: FIELDS.map((f) => `value.${f}`),
      });
      copy.saved(saved.submitted_at, []);
      queryClient.setQueryData(KEY, { items: [saved] });
      toast('success', '补充信息已提交');
    } catch (error) {
      if (error instanceof ApiError && error.field?.startsWith('value.') && error.handledByCaller) {
        const field = error.field.slice('value.'.length);
        form.setFields([{ name: field, errors: [error.msg] }]);
        copy.refused([{ field, msg: error.msg }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      initialValues={(existing?.value as Record<string, unknown> | undefined) ?? { time_zone: 'UTC+8' }}
      onFinish={(v) => void save(v as Record<string, unknown>)}
      onValuesChange={copy.record}
      validateTrigger={['onBlur']}
      className="apply-form"
      aria-label="补充信息"
    >
      {copy.notice}
      {existing?.submitted_at ? <p className="apply-form__note">已提交，可修改后重新提交。</p> : null}
      <Form.Item label="所在时区" name="time_zone" required rules={[zodRule(F.time_zone)]} validateTrigger={['onChange']} extra="北京时间为 UTC+8">
        <Select options={TIME_ZONE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      <Form.Item label="上课设备" name="device" required rules={[zodRule(F.device)]} validateTrigger={['onChange']}>
        <Radio.Group className="apply-tracks" options={DEVICE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      <Form.Item label="网络状况" name="network" required rules={[zodRule(F.network)]} validateTrigger={['onChange']}>
        <Radio.Group className="apply-tracks" options={NETWORK_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      <Form.Item label="紧急联系人姓名" name="emergency_name" required rules={[zodRule(F.emergency_name)]}>
        <Input maxLength={40} placeholder="请输入紧急联系人姓名" />
      </Form.Item>
      <Form.Item label="紧急联系人手机" name="emergency_phone" required rules={[phoneRule(() => '86')]}>
        <Input maxLength={13} inputMode="tel" placeholder="请输入11位手机号" />
      </Form.Item>
      <Form.Item label="饮食或健康备注（选填）" name="health_notes" rules={[zodRule(F.health_notes)]}>
        <CountedTextArea maxUnits={200} placeholder="如有过敏、慢性疾病或其他需要我们了解的情况，请填写" />
      </Form.Item>
      <Form.Item label="从哪里了解到我们" name="heard_from" required rules={[zodRule(F.heard_from)]} validateTrigger={['onChange']}>
        <Select placeholder="请选择" options={HEARD_FROM_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      <div className="apply-actions">
        <Link to={PATHS.studentApply}>
          <Button block>返回申请</Button>
        </Link>
        <Button type="primary" htmlType="submit" loading={saving}>
          提交补充信息
        </Button>
      </div>
    </Form>
  );
}
