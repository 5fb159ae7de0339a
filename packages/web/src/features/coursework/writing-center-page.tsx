import { useState } from 'react';
import { Button, Form, Input, Segmented, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { Essay } from '@summit/domain/api/coursework';
import { ASSIGNMENT_DEFAULT_TYPES, ASSIGNMENT_MAX_SIZE_MB, WRITING_MAX_SCORE, WRITING_RUBRIC } from '@summit/domain/coursework';
import type { UploadedFile } from '@summit/domain/uploader';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { WRITING_CENTER_PATH, WRITING_CENTER_SUBMITTED_PATH } from '../../lib/paths.ts';
import { FileList } from './file-list.tsx';
import { MultiFileField } from './multi-file-field.tsx';
import { essayStatusLabel, formatTime, scoreText } from './coursework-format.ts';
import { CW_KEYS, createEssay, fetchWriting, updateEssay, type EssayForm } from './coursework-api.ts';
import { useCwAction } from './use-coursework.ts';
import './coursework.css';

interface Values {
  course_id?: number;
  title: string;
  body: string;
}

function EssayEditor({ courses, draft, onDone }: { courses: Array<{ id: number; title: string }>; draft: Essay | null; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadedFile[]>(draft?.files ?? []);
  const save = useCwAction((body: EssayForm) => (draft ? updateEssay(draft.id, body) : createEssay(body)), undefined, (e) => {
    form.resetFields();
    setFiles([]);
    onDone();
    void e;
  });
  const run = (submit: boolean) =>
    form.validateFields().then((v) => save.mutate({ course_id: v.course_id!, title: v.title, body: v.body ?? '', files, submit }), () => undefined);
  return (
    <div className="cw-card" aria-label={draft ? '编辑草稿' : '新文章'}>
      <h3>{draft ? '编辑草稿' : '新文章'}</h3>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={draft ? { course_id: draft.course.id, title: draft.title, body: draft.body } : { title: '', body: '' }}>
        <Form.Item name="course_id" label="提交给（课程老师批阅）" rules={[{ required: true, message: '请选择' }]}>
          <Select aria-label="课程" placeholder="请选择" options={courses.map((c) => ({ label: c.title, value: c.id }))} />
        </Form.Item>
        <Form.Item name="title" label="题目" rules={[{ required: true, whitespace: true, message: '输入框不能为空' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="body" label="正文">
          <Input.TextArea rows={10} maxLength={30000} showCount />
        </Form.Item>
        <MultiFileField value={files} onChange={setFiles} accept={ASSIGNMENT_DEFAULT_TYPES} maxSize={`${ASSIGNMENT_MAX_SIZE_MB}MB`} />
        <div className="cw-form-actions">
          <Button loading={save.isPending} onClick={() => void run(false)}>
            保存草稿
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => void run(true)}>
            提交批阅
          </Button>
        </div>
        <p className="cw-muted">提交后不能再修改。评分标准：{WRITING_RUBRIC.map((c) => `${c.name} ${c.points}分`).join('；')}。</p>
      </Form>
    </div>
  );
}

function EssayCard({ e, onEdit }: { e: Essay; onEdit?: () => void }) {
  return (
    <article className="cw-card" aria-label={e.title}>
      <div className="cw-row">
        <h3>{e.title}</h3>
        <span className={e.status === 'reviewed' ? 'cw-tag cw-tag--ok' : e.status === 'submitted' ? 'cw-tag cw-tag--wait' : 'cw-tag'}>{essayStatusLabel(e.status)}</span>
        {e.status === 'reviewed' ? <span className="cw-tag cw-tag--ok">{scoreText(e.score, WRITING_MAX_SCORE)}</span> : null}
      </div>
      <p className="cw-muted">
        {e.course.title} · {e.submitted_at ? `提交于 ${formatTime(e.submitted_at)}` : `保存于 ${formatTime(e.updated_at)}`}
      </p>
      <p className="cw-pre">{e.body}</p>
      <FileList files={e.files} />
      {e.status === 'reviewed' ? (
        <div className="cw-card" aria-label="老师批阅">
          <p className="cw-muted">{WRITING_RUBRIC.map((c, i) => `${c.name} ${e.rubric_points[i] ?? 0}/${c.points}`).join('；')}</p>
          {e.comment ? <p className="cw-pre">评语：{e.comment}</p> : null}
        </div>
      ) : null}
      {onEdit ? <Button onClick={onEdit}>继续编辑</Button> : null}
    </article>
  );
}

/** /student/manage/writing-center (drafts and a new essay) and /submitted (handed in, with the teacher's review). */
export default function WritingCenterPage() {
  const submittedTab = useParams().state === 'submitted';
  const navigate = useNavigate();
  const data = useQuery({ queryKey: CW_KEYS.writing, queryFn: ({ signal }) => fetchWriting(signal) });
  const [editing, setEditing] = useState<Essay | null>(null);
  return (
    <div className="cw-page">
      <h1>写作中心</h1>
      <p className="cw-muted">写好文章后提交给课程老师批阅，老师会按评分标准打分并写下评语。</p>
      <Segmented
        value={submittedTab ? 'submitted' : 'drafts'}
        options={[
          { label: '写作与草稿', value: 'drafts' },
          { label: '已提交', value: 'submitted' },
        ]}
        onChange={(v) => void navigate(v === 'submitted' ? WRITING_CENTER_SUBMITTED_PATH : WRITING_CENTER_PATH)}
      />
      {data.isPending ? <LoadingState rows={5} /> : data.isError ? <ErrorState onRetry={() => void data.refetch()} /> : null}
      {data.data ? (
        submittedTab ? (
          <section className="cw-section" aria-label="已提交的文章">
            {data.data.essays.filter((e) => e.status !== 'draft').length === 0 ? <EmptyState description="还没有提交过文章。" /> : null}
            {data.data.essays
              .filter((e) => e.status !== 'draft')
              .map((e) => (
                <EssayCard key={e.id} e={e} />
              ))}
          </section>
        ) : (
          <section className="cw-section" aria-label="写作与草稿">
            {data.data.courses.length === 0 ? (
              <EmptyState description="选课后即可向课程老师提交文章。" />
            ) : (
              <EssayEditor key={editing?.id ?? 'new'} courses={data.data.courses} draft={editing} onDone={() => setEditing(null)} />
            )}
            {data.data.essays
              .filter((e) => e.status === 'draft')
              .map((e) => (
                <EssayCard key={e.id} e={e} onEdit={() => setEditing(e)} />
              ))}
          </section>
        )
      ) : null}
    </div>
  );
}
