import { useState } from 'react';
import { Alert, Button, Form, Steps, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { MyApplication } from '@summit/domain/api/programmes';
import { MSG } from '@summit/domain/messages';
import type { ApplicantRole, ProgrammeStep } from '@summit/domain/programmes';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { initialFormValues, stepAnswers, stepReachable, stepReadOnly, type FormValue } from './apply-model.ts';
import { QuestionField } from './apply-question-field.tsx';
import { saveProgrammeStep } from './programme-api.ts';

export interface ApplyFormProps {
  app: MyApplication;
  role: ApplicantRole;
  code: string;
  /** The steps this page shows (SSI splits its additional step onto another page). */
  steps: readonly ProgrammeStep[];
  stepIndex: number;
  onStepIndexChange: (index: number) => void;
  /** After a step is submitted; `last` when it was the last step this page shows. */
  onStepSubmitted?: (stepKey: string, last: boolean) => void;
}

/**
 * A programme's form, one step at a time: the steps indicator, each question by its type, 保存草稿 and
 * 提交本步. A submitted step (and the whole form once the application is submitted) is read-only.
 */
export function ApplyForm(props: ApplyFormProps) {
  const { app, code, steps, stepIndex, onStepIndexChange } = props;
  const index = Math.min(Math.max(stepIndex, 0), Math.max(steps.length - 1, 0));
  const step = steps[index];
  if (!step) return null;
  return (
    <div className="programme-form">
      {steps.length > 1 ? (
        <Steps
          className="programme-form__steps"
          size="small"
          current={index}
          onChange={(next) => onStepIndexChange(next)}
          items={steps.map((s, i) => ({
            title: s.title,
            status: app.submitted_steps.includes(s.key) ? 'finish' : i === index ? 'process' : 'wait',
            disabled: !stepReachable(steps, app.submitted_steps, i),
          }))}
        />
      ) : null}
      {/* Keyed by step: each step starts from its own saved answers. */}
      <StepCard key={`${code}:${step.key}`} {...props} step={step} index={index} />
    </div>
  );
}

function StepCard({ app, role, code, steps, step, index, onStepIndexChange, onStepSubmitted }: ApplyFormProps & { step: ProgrammeStep; index: number }) {
  const [form] = Form.useForm<Record<string, FormValue>>();
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const readOnly = stepReadOnly(app, step.key);
  const reachable = stepReachable(steps, app.submitted_steps, index);
  const keys = step.questions.map((q) => q.key);

  const showFieldError = (error: unknown): boolean => {
    if (error instanceof ApiError && error.field && keys.includes(error.field)) {
      form.setFields([{ name: error.field, errors: [error.msg] }]);
      return true;
    }
    return false;
  };

  const saveDraft = async () => {
    setBusy('draft');
    try {
      await saveProgrammeStep(role, code, step.key, stepAnswers(step, form.getFieldsValue(true)), false, keys);
      toast('success', MSG.PROGRAMME_DRAFT_SAVED);
    } catch (error) {
      showFieldError(error);
    } finally {
      setBusy(null);
    }
  };

  const submitStep = async () => {
    let values: Record<string, FormValue>;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true);
    } catch {
      toast('error', '请完善本步的必填内容');
      return;
    }
    setBusy('submit');
    try {
      await saveProgrammeStep(role, code, step.key, stepAnswers(step, values), true, keys);
      const last = index >= steps.length - 1;
      toast('success', last ? MSG.PROGRAMME_SUBMITTED : '本步已提交');
      onStepSubmitted?.(step.key, last);
      if (!last) onStepIndexChange(index + 1);
    } catch (error) {
      showFieldError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
      <section className="programme-card" aria-labelledby={`programme-step-${step.key}`}>
        <header className="programme-card__header">
          <h2 id={`programme-step-${step.key}`} className="programme-card__title">
            {steps.length > 1 ? `第 ${index + 1} 步：` : ''}
            {step.title}
          </h2>
          {app.submitted_steps.includes(step.key) ? (
            <Tag color="success" icon={<CheckCircleFilled />}>
              已提交
            </Tag>
          ) : app.answers[step.key] ? (
            <Tag>草稿</Tag>
          ) : null}
        </header>

        {!reachable && !readOnly ? <Alert type="info" showIcon title={MSG.PROGRAMME_STEP_ORDER} className="programme-form__notice" /> : null}

        <Form
          form={form}
          layout="vertical"
          initialValues={initialFormValues(step, app.answers[step.key])}
          disabled={readOnly || busy !== null}
          requiredMark
          scrollToFirstError
        >
          {step.questions.map((q) => (
            <QuestionField key={q.key} question={q} disabled={readOnly} />
          ))}
        </Form>

        <div className="programme-form__actions">
          {index > 0 ? <Button onClick={() => onStepIndexChange(index - 1)}>上一步</Button> : null}
          {readOnly ? (
            index < steps.length - 1 ? (
              <Button type="primary" onClick={() => onStepIndexChange(index + 1)}>
                下一步
              </Button>
            ) : null
          ) : (
            <>
              <Button onClick={() => void saveDraft()} loading={busy === 'draft'} disabled={busy !== null || !reachable}>
                保存草稿
              </Button>
              <Button type="primary" onClick={() => void submitStep()} loading={busy === 'submit'} disabled={busy !== null || !reachable}>
                提交本步
              </Button>
            </>
          )}
        </div>
      </section>
  );
}
