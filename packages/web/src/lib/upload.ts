/**
 * Uploads a chosen file the way docs/api-contract.md describes: ask our API for a signed credential, then POST the file
 * straight to storage (our own /api/oss/upload, an S3 bucket or Aliyun OSS), tried UPLOAD_RETRIES times in
 * all. Pure apart from the injected credential requester and transport, so the retry and progress rules are
 * unit-tested without a browser. Downloads fetch with the bearer token, since file addresses need auth.
 */
import { describeExtensions, ossCredentialSchema, type OssCredential, type OssCredentialRequest } from '@summit/domain/api/storage';
import { MSG, formatMessage } from '@summit/domain/messages';
import { UPLOADER_DEFAULT_ACCEPT, UPLOAD_RETRIES, isAcceptedFileType, type UploadedFile } from '@summit/domain/uploader';
import { checkFileSize } from '@summit/domain/validation';
import { ApiError, api } from './api-client.ts';
import { authStorage } from './auth-storage.ts';
import { toast } from './notifier.ts';
import { currentPlat } from './platform.ts';

export type UploadFailureKind = 'type' | 'too-large' | 'credential' | 'storage';

/** Why an upload stopped; `message` is what the person sees. */
export class UploadFailure extends Error {
  readonly kind: UploadFailureKind;
  /** True when the api client already toasted the cause, so the uploader shows it inline only. */
  readonly alreadyShown: boolean;
  constructor(kind: UploadFailureKind, message: string, options: { alreadyShown?: boolean } = {}) {
    super(message);
    this.name = 'UploadFailure';
    this.kind = kind;
    this.alreadyShown = options.alreadyShown ?? false;
  }
}

export interface PostResult {
  /** 0 when the request never got an answer (network down, CORS, aborted by timeout). */
  status: number;
  body: string;
}

export interface UploadTransport {
  post(endpoint: string, fields: Record<string, string>, file: Blob, fileName: string, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<PostResult>;
}

export type CredentialRequester = (request: OssCredentialRequest, signal?: AbortSignal) => Promise<OssCredential>;

export interface UploadOptions {
  accept?: readonly string[];
  /** '10MB', '500KB', '0' (no limit). */
  maxSize?: string;
  requestCredential?: CredentialRequester;
  transport?: UploadTransport;
  /** 0–100, rounded down; reset to 0 when a try starts again. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface ChosenFile extends Blob {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** The message shown under the uploader when a type is not accepted. */
export function typeNotAcceptedMessage(accept: readonly string[]): string {
  return formatMessage(MSG.UPLOAD_TYPE_NOT_ALLOWED, describeExtensions(accept));
}

/** Checks done before anything is requested: null when the file may be uploaded, else the message. */
export function checkChosenFile(file: { name: string; size: number }, accept: readonly string[] = UPLOADER_DEFAULT_ACCEPT, maxSize = '0'): UploadFailure | null {
  if (!isAcceptedFileType(file.name, accept)) return new UploadFailure('type', typeNotAcceptedMessage(accept));
  const tooLarge = checkFileSize(file.size, maxSize);
  if (tooLarge) return new UploadFailure('too-large', tooLarge);
  return null;
}

/**
 * Whether a failed direct POST is worth another try: no answer or a server-side error may pass; a 4xx is the
 * storage refusing this exact request (policy, size, content), which would only repeat.
 */
export function isRetryablePost(result: PostResult): boolean {
  return result.status === 0 || result.status >= 500 || result.status === 408 || result.status === 429;
}

/** Our local endpoint explains its 4xx in an envelope; S3 and OSS answer XML, which people need not read. */
function refusalMessage(result: PostResult): string | null {
  try {
    const parsed = JSON.parse(result.body) as { msg?: unknown };
    return typeof parsed.msg === 'string' && parsed.msg ? parsed.msg : null;
  } catch {
    return null;
  }
}

export async function uploadFile(file: ChosenFile, options: UploadOptions = {}): Promise<UploadedFile> {
  const accept = options.accept ?? UPLOADER_DEFAULT_ACCEPT;
  const problem = checkChosenFile(file, accept, options.maxSize ?? '0');
  if (problem) throw problem;
  const requestCredential = options.requestCredential ?? requestCredentialFromApi;
  const transport = options.transport ?? xhrTransport;
  const report = (percent: number) => options.onProgress?.(Math.max(0, Math.min(100, Math.floor(percent))));

  let credential: OssCredential;
  try {
    credential = await requestCredential({ file_name: file.name, type: file.type, file_size: file.size }, options.signal);
  } catch (error) {
    if (error instanceof UploadFailure) throw error;
    if (isAbort(error)) throw error;
    throw new UploadFailure('credential', MSG.UPLOAD_SIGNATURE_FAILED);
  }

  for (let attempt = 1; ; attempt += 1) {
    report(0);
    let result: PostResult;
    try {
      result = await transport.post(credential.endpoint, credential.fields, file, file.name, (loaded, total) => report(total > 0 ? (loaded / total) * 100 : 0), options.signal);
    } catch (error) {
      if (isAbort(error) || options.signal?.aborted) throw error;
      result = { status: 0, body: '' };
    }
    if (result.status >= 200 && result.status < 300) {
      report(100);
      return credential.file;
    }
    if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (!isRetryablePost(result)) throw new UploadFailure('storage', refusalMessage(result) ?? MSG.UPLOAD_STORAGE_FAILED);
    if (attempt >= UPLOAD_RETRIES) throw new UploadFailure('storage', MSG.UPLOAD_STORAGE_FAILED);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The credential from our API. A 4003 naming a request field (文件过大，超过20MB, a type not accepted) is the
 * server's own words; anything else reads as the spec's 获取签名错误. Both are shown by the uploader, not toasted.
 */
export const requestCredentialFromApi: CredentialRequester = async (request, signal) => {
  try {
    return await api.post('/oss/credential', request, {
      schema: ossCredentialSchema,
      fieldNames: ['file_name', 'type', 'file_size', 'rename'],
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.field) throw new UploadFailure('credential', error.msg);
    // Other refusals (401, network) were already handled and toasted by the api client's docs/product/errors.md handler.
    if (error instanceof ApiError) throw new UploadFailure('credential', MSG.UPLOAD_SIGNATURE_FAILED, { alreadyShown: !error.handledByCaller });
    throw error;
  }
};

/** fetch cannot report upload progress; XMLHttpRequest's upload.onprogress can. */
export const xhrTransport: UploadTransport = {
  post(endpoint, fields, file, fileName, onProgress, signal) {
    return new Promise<PostResult>((resolve, reject) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      // S3 and OSS ignore every field after `file`: it goes last.
      form.append('file', file, fileName);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', endpoint);
      xhr.timeout = 120_000;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, body: typeof xhr.responseText === 'string' ? xhr.responseText : '' });
      xhr.onerror = () => resolve({ status: 0, body: '' });
      xhr.ontimeout = () => resolve({ status: 0, body: '' });
      xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
      if (signal) {
        if (signal.aborted) {
          reject(new DOMException('aborted', 'AbortError'));
          return;
        }
        signal.addEventListener('abort', () => xhr.abort(), { once: true });
      }
      xhr.send(form);
    });
  },
};

export interface DownloadDeps {
  fetch: typeof fetch;
  token: () => string | null;
  plat: () => string;
  save: (blob: Blob, name: string) => void;
  notify: (text: string) => void;
}

function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

const browserDownloadDeps: DownloadDeps = {
  fetch: (...args) => fetch(...args),
  token: () => authStorage.currentToken(),
  plat: currentPlat,
  save: saveBlob,
  notify: (text) => toast('error', text),
};

/**
 * Saves a platform file under its name. The address needs the bearer token, which a plain link cannot send:
 * fetch it (following a remote provider's redirect to its signed address), then save the blob.
 */
export async function downloadFile(file: UploadedFile, deps: DownloadDeps = browserDownloadDeps): Promise<boolean> {
  const headers: Record<string, string> = { 'x-plat': deps.plat() };
  const token = deps.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await deps.fetch(encodeURI(file.url), { headers });
    if (!response.ok) {
      let msg: string = MSG.UPLOAD_DOWNLOAD_FAILED;
      try {
        const envelope = (await response.json()) as { msg?: unknown };
        if (typeof envelope.msg === 'string' && envelope.msg) msg = envelope.msg;
      } catch {
        // Not an envelope (a bucket's XML error): the generic words fit.
      }
      deps.notify(msg);
      return false;
    }
    deps.save(await response.blob(), file.name);
    return true;
  } catch {
    deps.notify(MSG.UPLOAD_DOWNLOAD_FAILED);
    return false;
  }
}
