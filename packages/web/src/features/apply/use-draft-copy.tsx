import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { draftCopies, draftCopyKey, restorePlan, withoutFields, type DraftCopy, type DraftProblem } from './draft-copy.ts';

export interface DraftCopyOptions {
  form: FormInstance;
  /** Which form ('apply-step1', 'additional-info'): one copy per form and account. */
  name: string;
  /** Null until known: no copy is read or written before. */
  accountId: number | null;
  /** The server's version of the answers the form opened with. */
  serverUpdatedAt: string | null;
  /** Form values → what a save sends (blank inputs dropped), to compare a copy with the server's answers. */
  normalise: (values: Record<string, unknown>) => unknown;
  /** Shows refused fields under their inputs. */
  markFields: (problems: readonly DraftProblem[]) => void;
  /** Fields never written to the browser's storage. */
  omit?: readonly string[];
  /** Called when a copy was put back into the form (it is unsaved work: the form is dirty). */
  onRestored?: () => void;
}

/**
 * Keeps a local copy of a form's values until the server has all of them (draft-copy.ts), puts it back
 * when the page opens again, and renders the notice that says so.
 */
export function useDraftCopy({ form, name, accountId, serverUpdatedAt, normalise, markFields, omit = [], onRestored }: DraftCopyOptions) {
  const key = accountId === null ? null : draftCopyKey(name, accountId);
  const base = useRef(serverUpdatedAt);
  const unsaved = useRef<DraftProblem[]>([]);
  const [conflict, setConflict] = useState<DraftCopy | null>(null);
  /** After a restore: how many of the restored fields the server had refused (null: no notice). */
  const [restored, setRestored] = useState<number | null>(null);
  const latest = useRef({ normalise, markFields, onRestored, omit });
  latest.current = { normalise, markFields, onRestored, omit };

  const restore = useCallback(
    (copy: DraftCopy) => {
      form.setFieldsValue(copy.values);
      unsaved.current = copy.unsaved;
      latest.current.markFields(copy.unsaved);
      latest.current.onRestored?.();
      setRestored(copy.unsaved.length);
    },
    [form],
  );

  useEffect(() => {
    if (!key) return;
    const copy = draftCopies.read(key);
    const server = withoutFields(form.getFieldsValue(true) as Record<string, unknown>, latest.current.omit);
    const plan = restorePlan(copy, server, base.current, latest.current.normalise);
    if (plan === 'none') draftCopies.clear(key);
    else if (plan === 'restore') restore(copy!);
    else setConflict(copy);
  }, [key, form, restore]);

  /** After every edit. While the student has not answered the conflict question, the old copy stays. */
  const record = useCallback(() => {
    if (!key || conflict) return;
    const values = withoutFields(form.getFieldsValue(true) as Record<string, unknown>, latest.current.omit);
    draftCopies.write(key, { values, base: base.current, unsaved: unsaved.current, at: Date.now() });
  }, [key, conflict, form]);

  /** After the server answered a save: all taken → the copy goes; some refused → the copy stays, on the new version. */
  const saved = useCallback(
    (updatedAt: string | null, refused: readonly DraftProblem[]) => {
      base.current = updatedAt;
      unsaved.current = [...refused];
      if (!key || conflict) return;
      if (refused.length === 0) {
        draftCopies.clear(key);
        setRestored(null);
      } else record();
    },
    [key, conflict, record],
  );

  /** A submission refused these fields: the copy stays and remembers them. */
  const refused = useCallback(
    (problems: readonly DraftProblem[]) => {
      unsaved.current = [...problems];
      record();
    },
    [record],
  );

  const discard = useCallback(() => {
    if (key) draftCopies.clear(key);
    setConflict(null);
  }, [key]);

  let notice: ReactNode = null;
  if (conflict) {
    notice = (
      <Alert
        type="warning"
        showIcon
        className="draft-copy-notice"
        title={`本机有一份 ${dayjs(conflict.at).format('M月D日 HH:mm')} 填写、尚未保存到服务器的内容，与服务器上的草稿不同`}
        description={
          <>
            <p>恢复后请检查并保存草稿；忽略则删除本机这份内容。</p>
            <div className="draft-copy-notice__actions">
              <Button
                type="primary"
                onClick={() => {
                  setConflict(null);
                  restore(conflict);
                }}
              >
                恢复本机内容
              </Button>
              <Button onClick={discard}>忽略</Button>
            </div>
          </>
        }
      />
    );
  } else if (restored !== null) {
    notice = (
      <Alert
        type="warning"
        showIcon
        className="draft-copy-notice"
        title="已恢复你在本机填写、尚未保存到服务器的内容"
        description={restored > 0 ? '标红的内容服务器未能保存，请修改后再保存。' : '请检查后再保存。'}
      />
    );
  }

  /** The copy is no longer needed (the form was submitted). */
  const forget = useCallback(() => {
    if (key) draftCopies.clear(key);
  }, [key]);

  return { record, saved, refused, forget, notice };
}
