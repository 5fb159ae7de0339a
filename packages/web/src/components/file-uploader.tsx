import { useEffect, useId, useReducer, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, Progress } from 'antd';
import { DeleteOutlined, PaperClipOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { describeExtensions } from '@summit/domain/api/storage';
import { MSG } from '@summit/domain/messages';
import { UPLOADER_DEFAULT_ACCEPT, initialUploaderState, uploaderTransition, type UploadedFile, type UploaderEvent, type UploaderState } from '@summit/domain/uploader';
import { parseFileSizeLimit } from '@summit/domain/validation';
import { UploadFailure, downloadFile, uploadFile, type CredentialRequester, type UploadTransport } from '../lib/upload.ts';
import { toast } from '../lib/notifier.ts';
import './file-uploader.css';

export interface FileUploaderProps {
  value?: UploadedFile | null;
  onChange?: (value: UploadedFile | null) => void;
  /** Extensions without dots; default the domain's jpeg, png, jpg. */
  accept?: readonly string[];
  /** '10MB', '500KB', '0' = no limit (the server still caps every file). */
  maxSize?: string;
  disabled?: boolean;
  hint?: ReactNode;
  /** Set by antd Form.Item so its label points at the picker. */
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  /** Tests and special pages may swap how files travel. */
  requestCredential?: CredentialRequester;
  transport?: UploadTransport;
}

export type FileUploaderAction = UploaderEvent | { type: 'reset'; value: UploadedFile | null | undefined };

/** The domain machine plus a reset for values set from outside (a loaded draft, a form reset). */
export function fileUploaderReducer(state: UploaderState, action: FileUploaderAction): UploaderState {
  return action.type === 'reset' ? initialUploaderState(action.value) : uploaderTransition(state, action);
}

/** The default hint: 支持 jpg、png 格式，单个文件不超过 10MB. */
export function defaultUploadHint(accept: readonly string[], maxSize: string): string {
  const limit = parseFileSizeLimit(maxSize);
  return `支持 ${describeExtensions(accept)} 格式${limit.bytes > 0 ? `，单个文件不超过 ${limit.label}` : ''}`;
}

/** 重新上传 and 删除 beside a stored or failed file. */
function FileActions({ onReupload, onClear }: { onReupload: () => void; onClear: () => void }) {
  return (
    <>
      <Button type="text" className="file-uploader__action" icon={<ReloadOutlined />} onClick={onReupload}>
        重新上传
      </Button>
      <Button type="text" danger className="file-uploader__action" icon={<DeleteOutlined />} onClick={onClear}>
        删除
      </Button>
    </>
  );
}

/**
 * An antd-Form-compatible file field (value/onChange of {name, url}), following the domain's uploader state
 * machine: READY → LOAD (progress) → SUCCESS | ERROR; 重新上传 and 删除 go back to READY. The file input is
 * visually hidden but stays in the page (data-testid="file-input") so keyboards, screen readers and
 * Playwright's setInputFiles all reach it.
 */
export function FileUploader({
  value,
  onChange,
  accept = UPLOADER_DEFAULT_ACCEPT,
  maxSize = '0',
  disabled = false,
  hint,
  id,
  'aria-invalid': ariaInvalid,
  requestCredential,
  transport,
}: FileUploaderProps) {
  const [state, dispatch] = useReducer(fileUploaderReducer, value, initialUploaderState);
  const [percent, setPercent] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const hintId = useId();
  const inputId = id ?? `${hintId}-input`;

  // A value set from outside (a loaded draft, a form reset) replaces whatever is shown, except mid-upload.
  const valueKey = value?.name ? `${value.name}\u0000${value.url}` : '';
  const stateKey = state.status === 'SUCCESS' ? `${state.file.name}\u0000${state.file.url}` : '';
  useEffect(() => {
    if (state.status === 'LOAD') return;
    if (valueKey !== stateKey && (valueKey !== '' || state.status === 'SUCCESS')) dispatch({ type: 'reset', value });
    // Only an outside change of value matters here, hence the single dependency.
  }, [valueKey]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const openPicker = () => {
    if (!disabled) inputRef.current?.click();
  };

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing lets the same file be chosen again after a failure.
    event.target.value = '';
    if (!file || disabled) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setPercent(0);
    dispatch({ type: 'choose', fileName: file.name });
    try {
      const uploaded = await uploadFile(file, {
        accept,
        maxSize,
        onProgress: setPercent,
        signal: controller.signal,
        ...(requestCredential ? { requestCredential } : {}),
        ...(transport ? { transport } : {}),
      });
      if (controller.signal.aborted) return;
      dispatch({ type: 'success', file: uploaded });
      onChange?.(uploaded);
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof UploadFailure ? error.message : MSG.UPLOAD_FAILED;
      if (error instanceof UploadFailure && (error.kind === 'credential' || error.kind === 'storage') && !error.alreadyShown) toast('error', message);
      dispatch({ type: 'fail', message });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const clear = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    const had = state.status === 'SUCCESS' || (value?.name ?? '') !== '';
    dispatch({ type: 'clear' });
    if (had) onChange?.(null);
  };

  const retry = () => {
    dispatch({ type: 'retry' });
    openPicker();
  };

  const acceptAttr = accept.map((ext) => `.${ext.replace(/^\./, '')}`).join(',');
  const hintText = hint ?? defaultUploadHint(accept, maxSize);

  return (
    <div className={`file-uploader file-uploader--${state.status.toLowerCase()}`} aria-busy={state.status === 'LOAD'}>
      <input
        ref={inputRef}
        id={inputId}
        className="file-uploader__input"
        type="file"
        accept={acceptAttr}
        disabled={disabled || state.status === 'LOAD'}
        onChange={(e) => void onFileChosen(e)}
        data-testid="file-input"
        aria-label="选择文件"
        aria-describedby={`${hintId}-hint`}
        aria-invalid={ariaInvalid}
        tabIndex={-1}
      />

      {state.status === 'READY' ? (
        <button type="button" className="file-uploader__pick" onClick={openPicker} disabled={disabled}>
          <UploadOutlined aria-hidden="true" />
          <span>选择文件</span>
        </button>
      ) : null}

      {state.status === 'LOAD' ? (
        <div className="file-uploader__row" role="status" aria-live="polite">
          <PaperClipOutlined aria-hidden="true" className="file-uploader__icon" />
          <div className="file-uploader__body">
            <span className="file-uploader__name">{state.fileName}</span>
            <Progress percent={percent} size="small" status="active" aria-label={`上传进度 ${percent}%`} />
          </div>
          <Button type="text" className="file-uploader__action" onClick={clear}>
            取消
          </Button>
        </div>
      ) : null}

      {state.status === 'SUCCESS' ? (
        <div className="file-uploader__row">
          <PaperClipOutlined aria-hidden="true" className="file-uploader__icon" />
          <div className="file-uploader__body">
            <button type="button" className="file-uploader__link" onClick={() => void downloadFile(state.file)} title={`下载 ${state.file.name}`}>
              {state.file.name}
            </button>
          </div>
          {disabled ? null : <FileActions onReupload={openPicker} onClear={clear} />}
        </div>
      ) : null}

      {state.status === 'ERROR' ? (
        <div className="file-uploader__row file-uploader__row--error" role="alert">
          <PaperClipOutlined aria-hidden="true" className="file-uploader__icon" />
          <div className="file-uploader__body">
            <span className="file-uploader__name">{state.fileName}</span>
            <span className="file-uploader__error">{MSG.UPLOAD_FAILED}</span>
            {state.message !== MSG.UPLOAD_FAILED ? <span className="file-uploader__reason">{state.message}</span> : null}
          </div>
          {disabled ? null : <FileActions onReupload={retry} onClear={clear} />}
        </div>
      ) : null}

      <p id={`${hintId}-hint`} className="file-uploader__hint">
        {hintText}
      </p>
    </div>
  );
}
