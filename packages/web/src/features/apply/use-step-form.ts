import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal, type FormInstance } from 'antd';
import type { ApplyState } from '@summit/domain';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { writeStep } from './apply-api.ts';
import { draftDataOf, formFieldOf, serverFieldNames, submitDataOf } from './apply-model.ts';

/**
 * Draft saving, autosave on leaving, and confirmed submission for one step's antd form. The form's
 * values are the source; `dirty` tracks edits since the last successful save.
 */
export function useStepForm(step: 1 | 2, form: FormInstance, formFields: readonly string[], onSubmitted: (state: ApplyState) => void) {
  const [modal, modalHolder] = Modal.useModal();
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const dirty = useRef(false);
  const fieldNames = serverFieldNames(formFields);

  const showServerError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.field && error.handledByCaller) {
        const name = formFieldOf(error.field, formFields);
        if (name) {
          form.setFields([{ name, errors: [error.msg] }]);
          form.scrollToField(name, { block: 'center' });
        } else toast('error', error.msg);
      }
    },
    [form, formFields],
  );

  const saveDraft = useCallback(async () => {
    setSaving('draft');
    try {
      await writeStep(step, false, draftDataOf(form.getFieldsValue(true) as Record<string, unknown>), { fieldNames });
      dirty.current = false;
      toast('success', '草稿已保存');
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(null);
    }
  }, [step, form, showServerError]);

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
      onSubmitted(state);
    } catch (error) {
      dirty.current = wasDirty;
      showServerError(error);
    } finally {
      setSaving(null);
    }
  }, [step, form, modal, onSubmitted, showServerError]);

  // Autosave when the student leaves the step: another page, another tab, or closing the window.
  useEffect(() => {
    const autosave = () => {
      if (!dirty.current) return;
      dirty.current = false;
      void writeStep(step, false, draftDataOf(form.getFieldsValue(true) as Record<string, unknown>), { quiet: true }).catch(() => {
        dirty.current = true;
      });
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

  const markDirty = useCallback(() => {
    dirty.current = true;
  }, []);

  return { saving, saveDraft, submit, markDirty, modalHolder };
}
