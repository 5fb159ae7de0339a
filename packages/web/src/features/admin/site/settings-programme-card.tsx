import { useEffect } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Tooltip, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { programmeFactsSchema, type ProgrammeFacts, type ProgrammeFactsUpdateRequest } from '@summit/domain/programme';
import { BATCH_TERMS, BATCH_TERM_ORDER, PROGRAMME_MODE_LABELS, SESSION_KEYS, SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { formatTime } from '../shell/admin-format.ts';
import './settings-programme-card.css';
import { programmeFieldOf, programmeFormOf, programmeRequestOf, type ProgrammeForm } from './settings-programme-model.ts';

export const PROGRAMME_KEY = ['admin', 'settings', 'programme'] as const;

const fetchProgramme = (signal?: AbortSignal) => api.get('/admin/settings/programme', { schema: programmeFactsSchema, ...(signal ? { signal } : {}) });
const saveProgramme = (body: ProgrammeFactsUpdateRequest) => api.request('/admin/settings/programme', { method: 'PUT', body, schema: programmeFactsSchema });

/** The EB1/EB2/RD/MRD legend (one domain label map): what each key means, wherever the keys are shown. */
export function BatchLegend() {
  return (
    <dl className="admin-batch-legend" aria-label="批次说明">
      {BATCH_TERM_ORDER.map((key) => (
        <div key={key}>
          <dt>
            <Tooltip title={BATCH_TERMS[key].meaning}>
              <abbr title={BATCH_TERMS[key].meaning}>{key}</abbr>
            </Tooltip>
          </dt>
          <dd>{BATCH_TERMS[key].meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

function switchNote(facts: ProgrammeFacts): string {
  if (facts.mode === 'offline') return '当前为线下举办。改为线上并保存后，系统记录切换时间，切换前已缴学费的同学会看到改为线上的通知与确认对话框。';
  if (facts.switched_to_online_at) return `已于 ${formatTime(facts.switched_to_online_at)} 由线下改为线上；此前已缴学费的同学会看到通知与确认对话框。`;
  return '本届从一开始就在线上举办，不会向任何同学显示“改为线上”的通知。';
}

/** 项目信息: name, year, mode, the three sessions, and the difference refunded after a switch (decision 029). */
export function ProgrammeCard() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProgrammeForm>();
  const [toast, holder] = message.useMessage();
  const facts = useQuery({ queryKey: PROGRAMME_KEY, queryFn: ({ signal }) => fetchProgramme(signal) });
  useEffect(() => {
    if (facts.data) form.setFieldsValue({ ...programmeFormOf(facts.data), clear_switch: false });
  }, [facts.data, form]);
  const save = useMutation({
    mutationFn: (v: ProgrammeForm) => saveProgramme(programmeRequestOf(v)),
    onSuccess: (data) => {
      void toast.success('项目信息已保存');
      queryClient.setQueryData(PROGRAMME_KEY, data);
    },
    onError: (err) => {
      // 4003 names the field: show it under that input.
      const name = err instanceof ApiError ? programmeFieldOf(err.field) : null;
      if (err instanceof ApiError && name) form.setFields([{ name, errors: [err.msg] }]);
    },
  });
  const required = [{ required: true, message: '请填写' }];

  return (
    <section className="admin-card" aria-label="项目信息">
      {holder}
      <h2>项目信息</h2>
      <p className="admin-muted">网站各页面（通过 {'{{programme.*}}'}、{'{{session.*}}'} 占位符）、录取通知书 PDF 与改为线上的通知都读取这里的信息。</p>
      {facts.isPending ? (
        <LoadingState rows={5} />
      ) : facts.isError ? (
        <ErrorState onRetry={() => void facts.refetch()} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          <Form.Item name="name" label="项目名称" rules={required}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="year" label="年份" rules={required}>
            <InputNumber<number> min={2020} max={2100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="mode" label="举办方式" rules={required}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={(['online', 'offline'] as const).map((m) => ({ value: m, label: PROGRAMME_MODE_LABELS[m] }))}
            />
          </Form.Item>
          <Alert type="info" showIcon title={switchNote(facts.data)} className="admin-programme-note" />
          {facts.data.mode === 'online' && facts.data.switched_to_online_at ? (
            <Form.Item name="clear_switch" valuePropName="checked">
              <Checkbox>撤销切换记录：视为从一开始即线上举办，不再向任何同学显示改为线上的通知</Checkbox>
            </Form.Item>
          ) : null}
          {SESSION_KEYS.map((key) => (
            <Form.Item key={key} name={['sessions', key]} label={`${SESSION_NAMES[key]}（北京时间）`} rules={[{ required: true, message: '请选择起止时间' }]}>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          ))}
          <Form.Item name="difference_yuan" label="线上线下学费差价（元）" rules={required} extra="改为线上后退还给切换前已缴学费的同学。">
            <InputNumber<number> prefix="¥" min={0} max={1_000_000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="refund_deadline" label="差价退款申请截止（北京时间）" rules={[{ required: true, message: '请选择' }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存项目信息
          </Button>
          {facts.data.updated_at ? <p className="admin-muted">上次修改：{formatTime(facts.data.updated_at)}</p> : null}
        </Form>
      )}
    </section>
  );
}
