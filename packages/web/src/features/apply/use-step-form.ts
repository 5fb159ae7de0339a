import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal, type FormInstance } from 'antd';
import type { ApplyState } from '@summit/domain/api/application';
import { draftPartlySavedMessage } from '@summit/domain/application';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { writeStep } from './apply-api.ts';
import { draftDataOf, formFieldOf, serverFieldNames, submitDataOf } from './apply-model.ts';
import type { DraftProblem } from './draft-copy.ts';
import { useDraftCopy } from './use-draft-copy.tsx';

/** How long the "以下内容未保存" toast stays: it names fields, so it needs reading time. */
const PARTLY_SAVED_TOAST_S = 6;

/** An ID number is not kept in the browser's storage in plain text (decision 024). */
const NOT_COPIED = ['card_number'];

/**
 * Draft saving, autosave on leaving, confirmed submission, and the local copy of what the server has not
 * taken yet, for one step's antd form. The form's values are the source; `dirty` tracks edits since the
 * last save.
 */
export function useStepForm(
  step: 1 | 2,
  form: FormInstance,
  formFields: readonly string[],
  onSubmitted: (state: ApplyState) => void,
  context: { accountId: number | null; updatedAt: string | null },
) {
  const [modal, modalHolder] = Modal.useModal();
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const dirty = useRef(false);
  const fieldNames = serverFieldNames(formFields);

  /** Shows each refused field under its input (the first one scrolled into view). */
  const markFields = useCallback(
    (problems: readonly DraftProblem[]) => {
      const fields = problems
        .map((p) => ({ name: formFieldOf(p.field, formFields), errors: [p.msg] }))
        .filter((f): f is { name: Array<string | number>; errors: string[] } => f.name !== null);
      if (fields.length === 0) return;
      form.setFields(fields);
      form.scrollToField(fields[0]!.name, { block: 'center' });
    },
    [form, formFields],
  );

  const copy = useDraftCopy({
    form,
    name: `apply-step${step}`,
    accountId: context.accountId,
    serverUpdatedAt: context.updatedAt,
    normalise: draftDataOf,
    markFields,
    omit: NOT_COPIED,
    onRestored: () => {
      dirty.current = true;
    },
  });

  const showServerError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.field && error.handledByCaller) {
        const name = formFieldOf(error.field, formFields);
        if (name) {
          form.setFields([{ name, errors: [error.msg] }]);
          form.scrollToField(name, { block: 'center' });
        } else toast('error', error.msg);
      } else if (error instanceof ApiError && error.status === 'NETWORK') {
        toast('info', '内容已暂存在本机，网络恢复后请再保存草稿');
      }
    },
    [form, formFields],
  );

  const saveDraft = useCallback(async () => {
    setSaving('draft');
    try {
      const result = await writeStep(step, false, draftDataOf(form.getFieldsValue(true) as Record<string, unknown>), { fieldNames });
      dirty.current = false;
      copy.saved(result.updated_at, result.invalid_fields);
      if (result.invalid_fields.length === 0) toast('success', draftPartlySavedMessage([]));
      else {
        markFields(result.invalid_fields);
        toast('warning', draftPartlySavedMessage(result.invalid_fields), { durationSeconds: PARTLY_SAVED_TOAST_S });
      }
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(null);
    }
  }, [step, form, showServerError, copy, markFields]);

  const submit = useCallback(async () => {
    try {
      await form.validateFields();
    } catch (info) {
      const first = (info as { errorFields?: Array<{ name: Array<string | number> }> }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    const confirmed = await modal.confirm({
      title: step === 1 ? '确认提交基本信息？' : '确认提交申请材料？',
      content: '提交后不可修改，请确认填写内容准确无误。',
      okText: '确认提交',
      cancelText: '再检查一下',
    });
    if (!confirmed) return;
    setSaving('submit');
    // Cleared before the call: a successful submission swaps the view (unmounting this form) before the
    // call returns, and the unmount must not autosave a draft over the submitted step.
    const wasDirty = dirty.current;
    dirty.current = false;
    try {
      const state = await writeStep(step, true, submitDataOf(form.getFieldsValue(true) as Record<string, unknown>), { fieldNames });
      copy.forget();
      onSubmitted(state);
    } catch (error) {
      dirty.current = wasDirty;
      showServerError(error);
    } finally {
      setSaving(null);
    }
  }, [step, form, modal, onSubmitted, showServerError, copy]);

  // Autosave when the student leaves the step: another page, another tab, or closing the window. What it
  // cannot save stays in the local copy.
  const savedRef = useRef(copy.saved);
  savedRef.current = copy.saved;
  useEffect(() => {
    const autosave = () => {
      if (!dirty.current) return;
      dirty.current = false;
      void writeStep(step, false, draftDataOf(form.getFieldsValue(true) as Record<string, unknown>), { quiet: true }).then(
        (result) => savedRef.current(result.updated_at, result.invalid_fields),
        () => {
          dirty.current = true;
        },
      );
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') autosave();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', autosave);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', autosave);
      autosave();
    };
  }, [step, form]);

  const record = copy.record;
  const markDirty = useCallback(() => {
    dirty.current = true;
    record();
  }, [record]);

  return { saving, saveDraft, submit, markDirty, modalHolder, draftNotice: copy.notice };
}
