import { useState } from 'react';
import { Button, Form, InputNumber, Radio } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { AID_LIMITS, AID_STATUS_LABELS, ANNUAL_INCOME_LABELS, ANNUAL_INCOME_OPTIONS, bursaryApplyRequestSchema, type Bursary, type BursaryApplyRequest } from '@summit/domain/api/admission';
import type { UploadedFile } from '@summit/domain/uploader';
import { ApiError } from '../../lib/api-client.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { CountedTextArea } from '../../components/counted-text-area.tsx';
import { FileUploader } from '../../components/file-uploader.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { ADMISSION_KEYS, applyBursary, fetchBursary } from './admission-api.ts';
import { isAmcSite } from './amc.ts';
import { formatMoney } from '../../components/payment/money.ts';
import { PATHS } from '../../lib/paths.ts';
import './admission.css';

interface AidForm {
  family_members?: number;
  annual_income?: BursaryApplyRequest['annual_income'];
  reason?: string;
  attachment?: UploadedFile | null;
}

const fields = bursaryApplyRequestSchema.shape;

export function StatusCard({ bursary }: { bursary: Bursary }) {
  const tone = bursary.status === 'granted' ? 'ok' : bursary.status === 'declined' ? 'bad' : 'wait';
  return (
    <section className={`adm-card adm-aid-status adm-aid-status--${tone}`} aria-label="助学金申请状态">
      <p className="adm-result__status">{AID_STATUS_LABELS[bursary.status]}</p>
      {bursary.status === 'granted' ? (
        <p>
          恭喜！你获得助学金 <strong>{formatMoney(bursary.granted_fen)}</strong>，缴纳学费时将自动扣除。
        </p>
      ) : bursary.status === 'declined' ? (
        <p>很遗憾，本次助学金申请未获批准。你仍可按录取通知书所列金额缴纳学费。</p>
      ) : (
        <p>申请已提交，项目办公室将尽快审核。审核前你仍可修改申请内容。</p>
      )}
      <p className="adm-muted">
        提交时间：{dayjs(bursary.submitted_at).tz().format('YYYY年M月D日 HH:mm')}
        {bursary.decided_at ? `；审核时间：${dayjs(bursary.decided_at).tz().format('YYYY年M月D日 HH:mm')}` : ''}
      </p>
    </section>
  );
}

/** /apply/financial-aid: the aid request form, then its status (hidden on the AMC variant). */
export default function FinancialAidPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<AidForm>();
  const [saving, setSaving] = useState(false);
  const amc = isAmcSite();
  const bursary = useQuery({ queryKey: ADMISSION_KEYS.bursary, queryFn: ({ signal }) => fetchBursary(signal), enabled: !amc });

  const submit = async (values: AidForm) => {
    setSaving(true);
    try {
      const saved = await applyBursary({
        family_members: values.family_members ?? 0,
        annual_income: values.annual_income ?? '<5万',
        reason: values.reason ?? '',
        attachment: values.attachment ?? null,
      });
      queryClient.setQueryData(ADMISSION_KEYS.bursary, saved);
      void queryClient.invalidateQueries({ queryKey: ADMISSION_KEYS.fees });
      toast('success', '助学金申请已提交');
      void navigate(PATHS.financialAidSuccess);
    } catch (err) {
      if (err instanceof ApiError && err.handledByCaller && err.field) form.setFields([{ name: err.field as keyof AidForm, errors: [err.msg] }]);
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (amc) body = <EmptyState description="本站点不提供助学金申请。" />;
  else if (bursary.isPending) body = <LoadingState rows={6} />;
  else if (bursary.isError) body = <ErrorState onRetry={() => void bursary.refetch()} />;
  else {
    const current = bursary.data;
    const editable = !current || current.status === 'pending';
    body = (
      <>
        {current ? <StatusCard bursary={current} /> : null}
        {editable ? (
          <section className="adm-card">
            <p className="adm-muted">
              我们希望经济条件不会成为优秀学生参加项目的障碍。请如实填写家庭情况，项目办公室将根据材料决定资助金额，获批的助学金将直接从学费中扣除。
            </p>
            <Form<AidForm>
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={current ? { ...current.value } : { attachment: null }}
              onFinish={(v) => void submit(v)}
              className="adm-form"
            >
              <Form.Item name="family_members" label="家庭人口数" rules={[zodRule(fields.family_members)]}>
                <InputNumber min={AID_LIMITS.familyMembersMin} max={AID_LIMITS.familyMembersMax} precision={0} inputMode="numeric" style={{ width: '100%' }} placeholder="包括你本人" />
              </Form.Item>
              <Form.Item name="annual_income" label="家庭年收入" rules={[zodRule(fields.annual_income)]}>
                <Radio.Group className="adm-radio-list">
                  {ANNUAL_INCOME_OPTIONS.map((value) => (
                    <Radio key={value} value={value}>
                      {ANNUAL_INCOME_LABELS[value]}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
              <Form.Item
                name="reason"
                label={`申请理由（${AID_LIMITS.reasonMinUnits}–${AID_LIMITS.reasonMaxUnits}字）`}
                rules={[zodRule(fields.reason)]}
              >
                <CountedTextArea maxUnits={AID_LIMITS.reasonMaxUnits} placeholder="请说明家庭经济情况，以及参加项目对你的意义" autoSize={{ minRows: 5, maxRows: 12 }} />
              </Form.Item>
              <Form.Item name="attachment" label="证明材料（选填）" extra="如低保证明、收入证明等，支持 PDF、JPG、PNG，不超过10MB">
                <FileUploader accept={['pdf', 'jpg', 'jpeg', 'png']} maxSize="10MB" />
              </Form.Item>
              <Button type="primary" htmlType="submit" size="large" block loading={saving} className="adm-button">
                {current ? '更新申请' : '提交申请'}
              </Button>
            </Form>
          </section>
        ) : null}
      </>
    );
  }

  return (
    <div className="page page--narrow adm-page">
      <h1 className="page__title">申请助学金</h1>
      {body}
    </div>
  );
}
