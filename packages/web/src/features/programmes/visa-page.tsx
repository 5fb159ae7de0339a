import { useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgrammeFile } from '@summit/domain/api/programmes';
import { MSG } from '@summit/domain/messages';
import { VISA_STATUS_LABELS, type VisaStatus } from '@summit/domain/programmes';
import { FileUploader } from '../../components/file-uploader.tsx';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { PORTAL_KEYS, fetchVisa, saveVisa } from './portal-api.ts';
import { PortalPage, beijingTime } from './portal-shell.tsx';

const STATUS_COLOR: Record<VisaStatus, string> = { not_started: 'default', submitted: 'blue', approved: 'green', rejected: 'red' };

function VisaEditor({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: PORTAL_KEYS.visa(code), queryFn: () => fetchVisa(code), retry: false });
  const [files, setFiles] = useState<ProgrammeFile[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [adding, setAdding] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (!query.data.required) return <p className="pp-card pp-muted">{MSG.VISA_NOT_REQUIRED}</p>;
  const visa = query.data.visa;
  const shownFiles = files ?? visa.files;
  const shownNote = note ?? visa.note;
  const editable = visa.status !== 'approved';

  const submit = async () => {
    if (shownFiles.length === 0) {
      setError(MSG.VISA_FILES_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await saveVisa(code, { files: shownFiles, note: shownNote });
      toast('success', '签证材料已提交，请等待审核');
      setFiles(null);
      setNote(null);
      await Promise.all([query.refetch(), queryClient.invalidateQueries({ queryKey: PORTAL_KEYS.portal(code) })]);
    } catch (e) {
      if (e instanceof ApiError && (e.field === 'files' || e.field === 'note')) setError(e.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="pp-card pp-facts" aria-label="签证状态">
        <span>签证状态</span>
        <span>
          <Tag color={STATUS_COLOR[visa.status]} data-testid="visa-status">
            {VISA_STATUS_LABELS[visa.status]}
          </Tag>
        </span>
        {visa.updated_at ? (
          <>
            <span>提交时间</span>
            <span>{beijingTime(visa.updated_at)}</span>
          </>
        ) : null}
        {visa.reviewed_at ? (
          <>
            <span>审核时间</span>
            <span>{beijingTime(visa.reviewed_at)}</span>
          </>
        ) : null}
        {visa.review_note ? (
          <>
            <span>审核意见</span>
            <strong className={visa.status === 'rejected' ? 'pp-text-warn' : ''} data-testid="visa-review-note">
              {visa.review_note}
            </strong>
          </>
        ) : null}
      </section>
      <section className="pp-card" aria-label="签证材料">
        <h2 className="pp-card__title">签证材料</h2>
        <p className="pp-muted">请上传签证页或签证办理相关材料（如邀请函回执、预约确认），最多 10 个文件，项目老师审核后会在此更新状态。</p>
        {shownFiles.length > 0 ? (
          <ul className="pp-files">
            {shownFiles.map((f, i) => (
              <li key={`${f.url}-${i}`}>
                <a href={f.url} target="_blank" rel="noopener noreferrer">
                  {f.name}
                </a>
                {editable ? (
                  <Button type="link" danger onClick={() => setFiles(shownFiles.filter((_, j) => j !== i))}>
                    删除
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {editable && shownFiles.length < 10 ? (
          <FileUploader
            key={adding}
            accept={['jpg', 'jpeg', 'png', 'pdf']}
            maxSize="10MB"
            onChange={(file) => {
              if (!file) return;
              setFiles([...shownFiles, file]);
              setError(null);
              setAdding((n) => n + 1);
            }}
          />
        ) : null}
        {editable ? (
          <>
            <label className="pp-label" htmlFor="visa-note">
              备注（选填）
            </label>
            <Input.TextArea id="visa-note" rows={3} maxLength={500} showCount value={shownNote} onChange={(e) => setNote(e.target.value)} />
          </>
        ) : null}
        {error ? (
          <p className="pp-text-warn" role="alert">
            {error}
          </p>
        ) : null}
        {editable ? (
          <Button type="primary" size="large" block className="pp-btn" loading={busy} onClick={() => void submit()}>
            {visa.status === 'not_started' ? '提交签证材料' : '重新提交'}
          </Button>
        ) : null}
      </section>
    </>
  );
}

/** /hxweek/visa and /deans-list/visa: visa documents and their review by the programme staff. */
export default function VisaPage() {
  return <PortalPage title="签证" gate="deposit">{(portal) => <VisaEditor code={portal.code} />}</PortalPage>;
}
