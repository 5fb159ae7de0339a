/**
 * Uploaded files (docs/product/data.md "Uploaded file/image: name, url"). Files live in object storage under a key whose
 * prefix names the owner, `<role>/<account id>/<random>/<file name>`; the platform's own address for a file
 * is `/api/oss/file/<key>`, which checks who may read it before serving (local disk) or redirecting to a
 * short-lived signed address (S3, Aliyun OSS). Forms store `{ name, url }` with that address.
 */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import type { UploadedFile } from '../uploader.ts';

export const FILE_URL_PREFIX = '/api/oss/file/';

export const uploadedFileSchema = z.object({
  name: z.string().min(1).max(200),
  url: z.string().startsWith(FILE_URL_PREFIX).max(600),
});
// One UploadedFile type for the whole domain (the uploader state machine declares it; the schema matches it).
export type { UploadedFile };

/** The storage key inside a platform file address, or null when the address is not one of ours. */
export function fileKeyOf(url: string): string | null {
  if (!url.startsWith(FILE_URL_PREFIX)) return null;
  const key = url.slice(FILE_URL_PREFIX.length);
  return key.length > 0 && !key.includes('..') ? key : null;
}

/** Whether a file address points into this account's own prefix (a form may only attach its owner's files). */
export function isOwnFileUrl(url: string, role: string, accountId: number): boolean {
  const key = fileKeyOf(url);
  return key !== null && key.startsWith(`${role}/${accountId}/`);
}

// ---------------------------------------------------------------------------------------------------------
// Upload rules shared by the api (credential, local storage) and the web uploader (decision 010)

/** Files a form may attach: images and PDF above all, Word documents for essays. Extension → content type. */
export const UPLOAD_FILE_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type UploadExtension = keyof typeof UPLOAD_FILE_TYPES;
export const UPLOAD_EXTENSIONS = Object.keys(UPLOAD_FILE_TYPES) as UploadExtension[];

/** Server-wide default ceiling (UPLOAD_MAX_MB overrides it). */
export const UPLOAD_DEFAULT_MAX_MB = 20;
/** A signed upload policy lives 10 minutes; a signed read address 5 minutes. */
export const UPLOAD_POLICY_TTL_SECONDS = 600;
export const UPLOAD_READ_TTL_SECONDS = 300;
export const UPLOAD_FILE_NAME_MAX = 120;

/** The lower-cased extension of a file name, or '' when it has none. */
export function fileExtensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The allowed type of a file name (by extension), or null when it is not on the allow-list. */
export function uploadTypeOf(fileName: string): { extension: UploadExtension; contentType: string } | null {
  const extension = fileExtensionOf(fileName);
  if (!Object.hasOwn(UPLOAD_FILE_TYPES, extension)) return null;
  const ext = extension as UploadExtension;
  return { extension: ext, contentType: UPLOAD_FILE_TYPES[ext] };
}

/**
 * A file name that is safe as the last segment of a storage key and in a header: no path, no control or
 * reserved characters, no leading dots, at most UPLOAD_FILE_NAME_MAX characters with the extension kept.
 * Chinese and other letters stay, so the owner recognises the file.
 */
export function safeUploadFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').normalize('NFC');
  let cleaned = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*#%&{}$!'`@=+,;^~[\]]/g, '_')
    .replace(/\s+/g, '_')
    .replace(/^[._]+/, '')
    .replace(/\.{2,}/g, '.');
  if (cleaned.length > UPLOAD_FILE_NAME_MAX) {
    const ext = fileExtensionOf(cleaned);
    const keep = UPLOAD_FILE_NAME_MAX - (ext ? ext.length + 1 : 0);
    cleaned = cleaned.slice(0, keep) + (ext ? `.${ext}` : '');
  }
  return cleaned || 'file';
}

/** `<role>/<account id>/<128-bit hex>/<safe name>`: the only keys the platform signs or serves. */
const UPLOAD_KEY_PATTERN = /^(student|teacher|school|sl)\/([1-9]\d{0,15})\/([0-9a-f]{32})\/([^/\\]{1,200})$/;

export function parseUploadKey(key: string): { role: 'student' | 'teacher' | 'school' | 'sl'; accountId: number; fileName: string } | null {
  const match = UPLOAD_KEY_PATTERN.exec(key);
  if (!match) return null;
  const fileName = match[4] ?? '';
  if (fileName.startsWith('.') || fileName !== safeUploadFileName(fileName)) return null;
  return { role: match[1] as 'student' | 'teacher' | 'school' | 'sl', accountId: Number(match[2]), fileName };
}

const MAGIC: ReadonlyArray<{ contentTypes: readonly string[]; bytes: readonly number[] }> = [
  { contentTypes: ['image/jpeg'], bytes: [0xff, 0xd8, 0xff] },
  { contentTypes: ['image/png'], bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentTypes: ['application/pdf'], bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // .doc is an OLE2 compound file, .docx a ZIP container.
  { contentTypes: [UPLOAD_FILE_TYPES.doc], bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { contentTypes: [UPLOAD_FILE_TYPES.docx], bytes: [0x50, 0x4b, 0x03, 0x04] },
];

/** Bytes a file must start with to be what its content type says (the longest signature is 8 bytes). */
export const UPLOAD_SNIFF_BYTES = 8;

/** Whether the first bytes of a file match its declared content type (a .png that is an .exe does not). */
export function contentMatchesType(head: Uint8Array, contentType: string): boolean {
  const rule = MAGIC.find((m) => m.contentTypes.includes(contentType));
  if (!rule) return false;
  return head.length >= rule.bytes.length && rule.bytes.every((b, i) => head[i] === b);
}

/** Browsers report these for files whose type they do not know; the extension decides then. */
const VAGUE_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const TYPE_ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };

/** Whether a browser-reported type is consistent with the type the extension gives. */
export function reportedTypeFits(reported: string, contentType: string): boolean {
  const normalized = reported.split(';')[0]?.trim().toLowerCase() ?? '';
  if (VAGUE_TYPES.has(normalized)) return true;
  return (TYPE_ALIASES[normalized] ?? normalized) === contentType;
}

/** Allowed extensions as shown to people: jpg、png、pdf. */
export function describeExtensions(extensions: readonly string[]): string {
  return extensions.map((e) => e.replace(/^\./, '').toLowerCase()).join('、');
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/oss/credential (and /api/{student,teacher,school,sl}/oss/credential)

export const ossCredentialRequestSchema = z.object(
  {
    file_name: z
      .string({ error: MSG.PARAM_INVALID })
      .trim()
      .min(1, { error: MSG.PARAM_INVALID })
      .max(255, { error: MSG.PARAM_INVALID }),
    /** The browser's File.type; only checked for consistency with the extension, which decides. */
    type: z.string({ error: MSG.PARAM_INVALID }).max(100, { error: MSG.PARAM_INVALID }),
    file_size: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }),
    /** Store and offer the file under this name instead (its extension is taken from file_name when missing). */
    rename: z.string({ error: MSG.PARAM_INVALID }).max(255, { error: MSG.PARAM_INVALID }).optional(),
  },
  { error: MSG.PARAM_INVALID },
);
export type OssCredentialRequest = z.infer<typeof ossCredentialRequestSchema>;

/** Everything the browser needs for one direct multipart POST, and the address the form stores afterwards. */
export const ossCredentialSchema = z.object({
  /** Where to POST: our own `/api/oss/upload` (local disk) or the bucket's address (S3, Aliyun OSS). */
  endpoint: z.string(),
  key: z.string(),
  /** Form fields to send before the `file` field, exactly as given. */
  fields: z.record(z.string(), z.string()),
  /** The value a form stores once the POST succeeded. */
  file: uploadedFileSchema,
  max_bytes: z.number().int(),
  expires_at: z.string(),
});
export type OssCredential = z.infer<typeof ossCredentialSchema>;
export const ossCredentialResponseSchema = envelopeSchema(ossCredentialSchema);

/** GET /api/oss/download-as-name?url=/api/oss/file/…&name=… */
export const ossDownloadQuerySchema = z.object(
  {
    url: z.string({ error: MSG.PARAM_INVALID }).startsWith(FILE_URL_PREFIX, { error: MSG.PARAM_INVALID }).max(600, { error: MSG.PARAM_INVALID }),
    name: z.string({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(255, { error: MSG.PARAM_INVALID }).optional(),
  },
  { error: MSG.PARAM_INVALID },
);
export type OssDownloadQuery = z.infer<typeof ossDownloadQuerySchema>;

/** A byte count as people read it in 文件过大，超过{0}: 20MB, 1.5MB, 300KB. */
export function formatByteSize(bytes: number): string {
  const units: ReadonlyArray<[string, number]> = [['GB', 1024 ** 3], ['MB', 1024 ** 2], ['KB', 1024]];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))}${unit}`;
  }
  return `${bytes}B`;
}
