/** The uploader widget's state machine (docs/product/states.md) and its defaults (docs/product/validation.md and docs/api-contract.md). */
import { LIMITS } from './constants.ts';

export const UPLOAD_RETRIES = LIMITS.uploadRetries;
export const UPLOADER_DEFAULT_ACCEPT = ['jpeg', 'png', 'jpg'] as const;
export const UPLOADER_DEFAULT_SIZE_UNIT = 'mb';

export type UploadedFile = { name: string; url: string };

export type UploaderState =
  | { status: 'READY' }
  | { status: 'LOAD'; fileName: string }
  | { status: 'SUCCESS'; file: UploadedFile }
  | { status: 'ERROR'; fileName: string; message: string };

export type UploaderStatus = UploaderState['status'];

export type UploaderEvent =
  | { type: 'choose'; fileName: string }
  | { type: 'success'; file: UploadedFile }
  | { type: 'fail'; message: string }
  | { type: 'clear' }
  | { type: 'retry' };

/** An existing value with a name starts in SUCCESS; anything else starts READY. */
export function initialUploaderState(value?: Partial<UploadedFile> | null): UploaderState {
  if (value && typeof value.name === 'string' && value.name !== '') {
    return { status: 'SUCCESS', file: { name: value.name, url: value.url ?? '' } };
  }
  return { status: 'READY' };
}

/**
 * READY → LOAD on choose; LOAD → SUCCESS on success, → ERROR on fail; clear (from any state) and retry
 * (from ERROR) go back to READY. Choosing a new file over a finished upload (SUCCESS or ERROR) starts a new
 * one, since the widget lets a student replace a file. Events that make no sense in a state (a late
 * success after clear, choose while loading) leave the state unchanged.
 */
export function uploaderTransition(state: UploaderState, event: UploaderEvent): UploaderState {
  switch (event.type) {
    case 'choose':
      return state.status === 'LOAD' ? state : { status: 'LOAD', fileName: event.fileName };
    case 'success':
      return state.status === 'LOAD' ? { status: 'SUCCESS', file: event.file } : state;
    case 'fail':
      return state.status === 'LOAD' ? { status: 'ERROR', fileName: state.fileName, message: event.message } : state;
    case 'clear':
      return { status: 'READY' };
    case 'retry':
      return state.status === 'ERROR' ? { status: 'READY' } : state;
  }
}

/** Direct posts to object storage are tried UPLOAD_RETRIES times in all before the upload fails. */
export function shouldRetryUpload(failedAttempts: number): boolean {
  return failedAttempts < UPLOAD_RETRIES;
}

/** Whether a file name's extension is among the accepted types (case-insensitive). */
export function isAcceptedFileType(fileName: string, accept: readonly string[] = UPLOADER_DEFAULT_ACCEPT): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0 || dot === fileName.length - 1) return false;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return accept.some((type) => type.replace(/^\./, '').toLowerCase() === extension);
}
