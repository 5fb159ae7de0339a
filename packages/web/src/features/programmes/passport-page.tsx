import { useState } from 'react';
import { Button, DatePicker, Form, Input } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { MSG } from '@summit/domain/messages';
import { PASSPORT_NUMBER_PATTERN, normalisePassportNumber, passportExpiryError } from '@summit/domain/programmes';
import type { UploadedFile } from '@summit/domain/uploader';
import { FileUploader } from '../../components/file-uploader.tsx';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { PORTAL_KEYS, fetchPassport, savePassport } from './portal-api.ts';
import { PortalPage, beijingTime } from './portal-shell.tsx';

interface PassportForm {
  number: string;
  name: string;
  expires_on: Dayjs | null;
  scan: UploadedFile | null;
}

const FIELDS = ['number', 'name', 'expires_on', 'scan'] as const;

/** The six-months rule in words, with the earliest acceptable expiry date. */
export function sixMonthsRule(endsOn: string | null): string {
  if (!endsOn) return '护照有效期须在项目结束后至少六个月。';
  const earliest = dayjs(endsOn).add(6, 'month');
  return `项目于 ${dayjs(endsOn).format('YYYY年M月D日')} 结束，护照有效期须至少到 ${earliest.format('YYYY年M月D日')}（项目结束后六个月）。`;
}

function PassportEditor({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: PORTAL_KEYS.passport(code), queryFn: () => fetchPassport(code), retry: false });
  const [form] = Form.useForm<PassportForm>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const { passport, ends_on: endsOn, required } = query.data;
  if (!required) return <p className="pp-card pp-muted">{MSG.PASSPORT_NOT_REQUIRED}</p>;

  const submit = async (values: PassportForm) => {
    setBusy(true);
    try {
      await savePassport(code, {
        number: normalisePassportNumber(values.number),
        name: values.name.trim().toUpperCase(),
        expires_on: values.expires_on!.format('YYYY-MM-DD'),
        scan: values.scan!,
      });
      toast('success', MSG.PASSPORT_SAVED);
      setEditing(false);
      form.resetFields();
      await Promise.all([query.refetch(), queryClient.invalidateQueries({ queryKey: PORTAL_KEYS.portal(code) })]);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : null;
      if (error instanceof ApiError && field && (FIELDS as readonly string[]).includes(field)) form.setFields([{ name: field as (typeof FIELDS)[number], errors: [error.msg] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {passport ? (
        <section className="pp-card pp-facts" aria-label="已保存的护照">
          <span>护照号码</span>
          <strong data-testid="passport-masked">{passport.number_masked}</strong>
          <span>护照姓名</span>
          <strong>{passport.name}</strong>
          <span>有效期至</span>
          <strong>{dayjs(passport.expires_on).format('YYYY年M月D日')}</strong>
          <span>扫描件</span>
          <strong>{passport.scan ? passport.scan.name : '—'}</strong>
          <span>更新时间</span>
          <span>{beijingTime(passport.updated_at)}</span>
        </section>
      ) : null}
      {passport && !editing ? (
        <Button size="large" block className="pp-btn" onClick={() => setEditing(true)}>
          更新护照信息
        </Button>
      ) : (
        <section className="pp-card" aria-label="填写护照信息">
          <p className="pp-note" data-testid="six-months-rule">
            {sixMonthsRule(endsOn)}
          </p>
          <Form<PassportForm> form={form} layout="vertical" requiredMark onFinish={(v) => void submit(v)} initialValues={{ number: '', name: '', expires_on: null, scan: null }}>
            <Form.Item
              name="number"
              label="护照号码"
              rules={[
                {
                  validator: (_, v: string) => (PASSPORT_NUMBER_PATTERN.test(normalisePassportNumber(v ?? '')) ? Promise.resolve() : Promise.reject(new Error(MSG.PASSPORT_NUMBER_INVALID))),
                },
              ]}
              extra={passport ? `已保存：${passport.number_masked}，如需更改请重新填写完整号码` : '保存后将加密存储，页面只显示部分号码'}
            >
              <Input size="large" autoComplete="off" placeholder="例如 E12345678" maxLength={20} />
            </Form.Item>
            <Form.Item
              name="name"
              label="护照姓名（拼音大写）"
              normalize={(v: string) => (v ?? '').toUpperCase()}
              rules={[{ pattern: /^[A-Z][A-Z' -]{0,79}$/, required: true, message: MSG.PASSPORT_NAME_INVALID }]}
            >
              <Input size="large" autoComplete="off" placeholder="例如 ZHANG XIAOMING" />
            </Form.Item>
            <Form.Item
              name="expires_on"
              label="护照有效期至"
              rules={[
                {
                  validator: (_, v: Dayjs | null) => {
                    if (!v) return Promise.reject(new Error(MSG.PASSPORT_EXPIRY_INVALID));
                    const why = passportExpiryError(v.format('YYYY-MM-DD'), endsOn);
                    return why ? Promise.reject(new Error(why)) : Promise.resolve();
                  },
                },
              ]}
            >
              <DatePicker size="large" className="pp-date" format="YYYY-MM-DD" placeholder="选择日期" inputReadOnly={false} />
            </Form.Item>
            <Form.Item name="scan" label="护照首页扫描件" rules={[{ required: true, message: MSG.PASSPORT_SCAN_REQUIRED }]}>
              <FileUploader accept={['jpg', 'jpeg', 'png', 'pdf']} maxSize="10MB" />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block className="pp-btn" loading={busy}>
              保存护照信息
            </Button>
            {passport ? (
              <Button type="link" block onClick={() => setEditing(false)}>
                取消
              </Button>
            ) : null}
          </Form>
        </section>
      )}
      {passport ? <p className="pp-muted pp-center">护照号码已加密保存，页面只显示部分号码。</p> : null}
    </>
  );
}

/** /hxweek/passport and /deans-list/passport: number, name as in the passport, expiry and the scan. */
export default function PassportPage() {
  return <PortalPage title="护照信息" gate="deposit">{(portal) => <PassportEditor code={portal.code} />}</PortalPage>;
}
