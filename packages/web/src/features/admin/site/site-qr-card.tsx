import { useEffect, useState } from 'react';
import { Button, Form, Input, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteContactSchema, siteQrSettingsSchema, type SiteContact, type SiteQrKind, type SiteQrSettings } from '@summit/domain/api/site';
import { MSG } from '@summit/domain/messages';
import type { UploadedFile } from '@summit/domain/uploader';
import { FileUploader } from '../../../components/file-uploader.tsx';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { QR_ACCEPT, QR_MAX_SIZE, QR_SLOTS, qrPreviewSrc } from './site-qr-model.ts';
import './site-qr-card.css';

const QR_KEY = ['admin', 'settings', 'site-qr'] as const;
const CONTACT_KEY = ['admin', 'settings', 'site-contact'] as const;

const fetchContact = (signal?: AbortSignal) => api.get('/admin/site/contact', { schema: siteContactSchema, ...(signal ? { signal } : {}) });
const saveContact = (body: SiteContact) => api.request('/admin/site/contact', { method: 'PUT', body, schema: siteContactSchema });

const CONTACT_FIELDS: ReadonlyArray<{ name: keyof SiteContact; label: string; extra?: string; max: number }> = [
  { name: 'wechat_id', label: '客服微信号', extra: '访客可在“在线客服”中一键复制。', max: 20 },
  { name: 'phone', label: '联系电话', max: 20 },
  { name: 'email', label: '联系邮箱', max: 100 },
  { name: 'hours', label: '服务时间', extra: '例如：工作日 9:00–21:00（北京时间）', max: 40 },
];

/** 联系方式: shown with the QR codes and quoted by the FAQ through {{contact.*}} (decision 030). */
export function SiteContactCard() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SiteContact>();
  const [toast, holder] = message.useMessage();
  const contact = useQuery({ queryKey: CONTACT_KEY, queryFn: ({ signal }) => fetchContact(signal) });
  useEffect(() => {
    if (contact.data) form.setFieldsValue(contact.data);
  }, [contact.data, form]);
  const save = useMutation({
    mutationFn: saveContact,
    onSuccess: (data) => {
      void toast.success(MSG.SAVE_OK);
      queryClient.setQueryData(CONTACT_KEY, data);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field && CONTACT_FIELDS.some((f) => f.name === err.field)) form.setFields([{ name: err.field as keyof SiteContact, errors: [err.msg] }]);
    },
  });
  return (
    <section className="admin-card" aria-label="联系方式">
      {holder}
      <h2>联系方式</h2>
      {contact.isPending ? (
        <LoadingState rows={4} />
      ) : contact.isError ? (
        <ErrorState onRetry={() => void contact.refetch()} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          {CONTACT_FIELDS.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label} extra={f.extra} rules={[{ required: true, message: '请填写' }]}>
              <Input maxLength={f.max} />
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存联系方式
          </Button>
        </Form>
      )}
    </section>
  );
}

const fetchQr = (signal?: AbortSignal) => api.get('/admin/site/qr', { schema: siteQrSettingsSchema, ...(signal ? { signal } : {}) });
const saveQr = (which: SiteQrKind, file: UploadedFile | null) => api.request('/admin/site/qr', { method: 'PUT', body: { which, file }, schema: siteQrSettingsSchema });

function QrSlot({ which, label, hint, file, onSave, saving }: { which: SiteQrKind; label: string; hint: string; file: UploadedFile | null; onSave: (file: UploadedFile | null) => Promise<boolean>; saving: boolean }) {
  // A refused save remounts the uploader on the stored value, so it never shows a file that is not live.
  const [attempt, setAttempt] = useState(0);
  const save = async (next: UploadedFile | null) => {
    if (!(await onSave(next))) setAttempt((n) => n + 1);
  };
  return (
    <div className="admin-qr" role="group" aria-label={label}>
      <img className="admin-qr__preview" src={qrPreviewSrc(which, file)} width={120} height={120} alt={`当前${label}`} />
      <div className="admin-qr__body">
        <h3>{label}</h3>
        <p className="admin-muted">{file ? `当前：${file.name}` : '未上传，访客看到的是占位图。'}</p>
        <FileUploader
          key={`${file?.url ?? ''}#${attempt}`}
          value={file}
          onChange={(next) => void save(next)}
          accept={QR_ACCEPT}
          maxSize={QR_MAX_SIZE}
          disabled={saving}
          hint={`${hint}支持 PNG、JPG，不超过 ${QR_MAX_SIZE}；删除后恢复占位图。`}
        />
      </div>
    </div>
  );
}

/** 侧边栏二维码: the 在线客服 and 公众号 images of the side helper (decision 015), uploaded and cleared here. */
export function SiteQrCard() {
  const queryClient = useQueryClient();
  const [toast, holder] = message.useMessage();
  const qr = useQuery({ queryKey: QR_KEY, queryFn: ({ signal }) => fetchQr(signal) });
  const save = useMutation({
    mutationFn: (v: { which: SiteQrKind; file: UploadedFile | null }) => saveQr(v.which, v.file),
    onSuccess: (data: SiteQrSettings) => {
      void toast.success(MSG.SAVE_OK);
      queryClient.setQueryData(QR_KEY, data);
    },
  });
  const onSave = async (which: SiteQrKind, file: UploadedFile | null) => {
    try {
      await save.mutateAsync({ which, file });
      return true;
    } catch {
      // The api client showed why.
      return false;
    }
  };

  return (
    <section className="admin-card" aria-label="侧边栏二维码">
      {holder}
      <h2>侧边栏二维码</h2>
      {qr.isPending ? (
        <LoadingState rows={3} />
      ) : qr.isError ? (
        <ErrorState onRetry={() => void qr.refetch()} />
      ) : (
        QR_SLOTS.map((slot) => <QrSlot key={slot.which} {...slot} file={qr.data[slot.which]} onSave={(file) => onSave(slot.which, file)} saving={save.isPending} />)
      )}
    </section>
  );
}
