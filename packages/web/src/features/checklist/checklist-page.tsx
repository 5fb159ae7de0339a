import { Link } from 'react-router';
import { Button, Progress, Switch, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { CHECKLIST_KIND_LABELS, CHECKLIST_STATE_LABELS, studentChecklistSchema, type ChecklistEntry, type ChecklistNotice, type ChecklistState, type StudentChecklist } from '@summit/domain/checklist';
import type { UploadedFile } from '@summit/domain/uploader';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { FileUploader } from '../../components/file-uploader.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import './checklist.css';

const KEY = ['student', 'checklist'] as const;
const fetchChecklist = (signal?: AbortSignal) => api.get('/student/checklist', { schema: studentChecklistSchema, ...(signal ? { signal } : {}) });
const confirmItem = (id: number) => api.post(`/student/checklist/${id}/confirm`, undefined, { schema: studentChecklistSchema });
const uploadFile = ({ id, file }: { id: number; file: UploadedFile }) => api.post(`/student/checklist/${id}/upload`, { file }, { schema: studentChecklistSchema });
const setSms = (on: boolean) => api.request('/student/checklist/preferences', { method: 'PUT', body: { sms_reminders: on }, schema: studentChecklistSchema });

const STATE_COLOR: Record<ChecklistState, string> = { todo: 'blue', done: 'green', late: 'red', waived: 'default' };

/** /checklist: everything the admitted, paid student must or may do before the programme, with its state. */
export default function ChecklistPage() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchChecklist(signal) });
  const put = (data: StudentChecklist) => qc.setQueryData(KEY, data);
  const confirm = useMutation({ mutationFn: confirmItem, onSuccess: (data) => (put(data), toast('success', '已确认')) });
  const upload = useMutation({ mutationFn: uploadFile, onSuccess: (data) => (put(data), toast('success', '已上传')) });
  const sms = useMutation({ mutationFn: setSms, onSuccess: (data) => (put(data), toast('success', data.sms_reminders ? '已开启短信提醒' : '已关闭短信提醒')) });

  return (
    <div className="ckl-page">
      <h1>入学清单</h1>
      <p className="ckl-muted">开营前请按时完成以下事项。截止前 48 小时仍未完成的事项，我们会发送站内提醒。</p>
      {query.isPending ? (
        <LoadingState rows={6} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState description="暂时没有需要完成的事项" />
      ) : (
        <>
          <section className="ckl-summary" aria-label="完成进度">
            <Progress type="circle" size={72} aria-label="入学清单完成进度" percent={Math.round((query.data.done / query.data.total) * 100)} format={() => `${query.data.done}/${query.data.total}`} />
            <div>
              <strong data-testid="checklist-progress">
                已完成 {query.data.done} / {query.data.total} 项
              </strong>
              <label className="ckl-sms">
                <Switch checked={query.data.sms_reminders} loading={sms.isPending} onChange={(on) => sms.mutate(on)} aria-label="短信提醒" />
                <span>截止前同时发送短信提醒</span>
              </label>
            </div>
          </section>
          <ol className="ckl-list">
            {query.data.items.map((item) => (
              <ChecklistRow
                key={item.id}
                item={item}
                confirming={confirm.isPending && confirm.variables === item.id}
                onConfirm={() => confirm.mutate(item.id)}
                onUpload={(file) => upload.mutate({ id: item.id, file })}
              />
            ))}
          </ol>
        </>
      )}
      {query.data && query.data.notices.length > 0 ? <Notices notices={query.data.notices} /> : null}
    </div>
  );
}

/** The in-app notices: deadline reminders and the office's messages arrive here. */
function Notices({ notices }: { notices: ChecklistNotice[] }) {
  return (
    <section className="ckl-notices" aria-label="站内通知">
      <h2>站内通知</h2>
      <ul>
        {notices.map((n) => (
          <li key={n.id} data-testid="checklist-notice">
            <strong>{n.title}</strong>
            <time dateTime={n.created_at}>{dayjs(n.created_at).tz('Asia/Shanghai').format('M月D日 HH:mm')}</time>
            <p>{n.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChecklistRow({ item, confirming, onConfirm, onUpload }: { item: ChecklistEntry; confirming: boolean; onConfirm: () => void; onUpload: (file: UploadedFile) => void }) {
  const open = item.state === 'todo' || item.state === 'late';
  return (
    <li className={`ckl-item ckl-item--${item.state}`} data-testid={`checklist-item-${item.key}`}>
      <div className="ckl-item__head">
        <h2>{item.title}</h2>
        <Tag color={STATE_COLOR[item.state]} data-testid="checklist-state">
          {CHECKLIST_STATE_LABELS[item.state]}
        </Tag>
      </div>
      <p className="ckl-meta">
        <span>{CHECKLIST_KIND_LABELS[item.kind]}</span>
        <span>{item.required ? '必做' : '选做'}</span>
        {item.due_at ? <span>截止 {dayjs(item.due_at).tz('Asia/Shanghai').format('M月D日 HH:mm')}</span> : null}
      </p>
      {item.description ? <p className="ckl-desc">{item.description}</p> : null}
      <div className="ckl-actions">
        {item.target_path ? (
          <Link className="ckl-go" to={item.target_path}>
            {open ? '去完成' : '查看'}
          </Link>
        ) : null}
        {item.self_upload && item.state !== 'waived' ? (
          <div className="ckl-upload">
            <FileUploader
              accept={['pdf', 'jpg', 'jpeg', 'png']}
              maxSize="10MB"
              value={item.file}
              onChange={(file) => {
                if (file) onUpload(file);
              }}
              hint={item.file ? '重新上传将替换已交的文件' : '支持 PDF、JPG、PNG，不超过 10MB'}
            />
          </div>
        ) : null}
        {item.self_confirm && open ? (
          <Button type="primary" loading={confirming} onClick={onConfirm}>
            {item.kind === 'reading' ? '我已阅读' : '我已确认'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
