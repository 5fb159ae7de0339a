import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button, Form } from 'antd';
import type { MyApplication, ProgrammeFile } from '@summit/domain/api/programmes';
import { MSG } from '@summit/domain/messages';
import { UPLOAD_ROLES, UPLOAD_ROLE_LABELS, type UploadRole } from '@summit/domain/programmes';
import { programmeApplyPath } from '../../lib/paths.ts';
import { toast } from '../../lib/notifier.ts';
import { FileUploader } from '../../components/file-uploader.tsx';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { acceptOf, answerToFormValue, applyCodeOf, blockedMessage, stepReadOnly, uploadsForRole } from './apply-model.ts';
import { saveProgrammeStep, useMyApplication } from './programme-api.ts';
import './programmes.css';

function isUploadRole(value: string | undefined): value is UploadRole {
  return (UPLOAD_ROLES as readonly string[]).includes(value ?? '');
}

function UploadList({ app, role }: { app: MyApplication; role: UploadRole }) {
  const [saving, setSaving] = useState<string | null>(null);
  const items = uploadsForRole(app.programme.steps, role);
  if (items.length === 0) return <EmptyState description={`该项目没有需要上传的${UPLOAD_ROLE_LABELS[role]}。`} />;

  const save = async (stepKey: string, questionKey: string, file: ProgrammeFile | null) => {
    setSaving(questionKey);
    try {
      await saveProgrammeStep('student', app.programme.code, stepKey, { [questionKey]: file ? [file] : [] }, false, [questionKey]);
      toast('success', file ? '文件已保存' : '文件已移除');
    } catch {
      // The client has shown the reason; the list re-reads the saved answers.
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="programme-card">
      <Form layout="vertical" component="div">
        {items.map(({ step, question }) => {
          const value = answerToFormValue(question, app.answers[step.key]?.[question.key]);
          const file = value && typeof value === 'object' && !Array.isArray(value) ? value : null;
          const readOnly = stepReadOnly(app, step.key);
          return (
            <Form.Item key={`${step.key}.${question.key}`} label={question.label} required={question.required} extra={question.hint}>
              <p className="programme-uploads__step">所属步骤：{step.title}</p>
              <FileUploader
                value={file}
                accept={acceptOf(question)}
                maxSize="20MB"
                disabled={readOnly || saving !== null}
                onChange={(next) => void save(step.key, question.key, next)}
              />
            </Form.Item>
          );
        })}
      </Form>
    </section>
  );
}

/** /{code}/uploader/{role}: every upload of one role (student, parent, school) across the form's steps. */
export default function ProgrammeUploaderPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const code = applyCodeOf(params.code, pathname);
  const role = params.role;
  const query = useMyApplication(code ?? '', 'student', code !== null && isUploadRole(role));

  let body: React.ReactNode;
  let title = '上传材料';
  if (!code || !isUploadRole(role)) body = <EmptyState description={MSG.PAGE_NOT_FOUND} />;
  else if (query.isPending) body = <LoadingState rows={4} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const app = query.data;
    title = `${app.programme.name} · ${UPLOAD_ROLE_LABELS[role]}`;
    const blocked = blockedMessage(app);
    body = blocked ? (
      <ForbiddenState title={blocked} detail="如有疑问，请联系项目老师。" />
    ) : (
      <>
        <p className="programme-summary">上传后自动保存为草稿；提交申请请回到申请表逐步提交。</p>
        <UploadList app={app} role={role} />
        <Link to={programmeApplyPath(code)}>
          <Button block>返回申请表</Button>
        </Link>
      </>
    );
  }
  return (
    <div className="page page--narrow programme-page">
      <h1 className="page__title">{title}</h1>
      {body}
    </div>
  );
}
