import { useState } from 'react';
import { message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, siteQrSettingsSchema, type SiteQrKind, type SiteQrSettings, type UploadedFile } from '@summit/domain';
import { FileUploader } from '../../components/file-uploader.tsx';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { api } from '../../lib/api-client.ts';
import { QR_ACCEPT, QR_MAX_SIZE, QR_SLOTS, qrPreviewSrc } from './site-qr-model.ts';
import './site-qr-card.css';

const QR_KEY = ['admin', 'settings', 'site-qr'] as const;

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
