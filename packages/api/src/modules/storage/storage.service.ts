import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AppError,
  FILE_URL_PREFIX,
  MSG,
  UPLOAD_EXTENSIONS,
  UPLOAD_POLICY_TTL_SECONDS,
  UPLOAD_READ_TTL_SECONDS,
  checkFileSize,
  describeExtensions,
  fileExtensionOf,
  fileKeyOf,
  isOwnFileUrl,
  formatMessage,
  parseUploadKey,
  reportedTypeFits,
  safeUploadFileName,
  uploadTypeOf,
  type OssCredential,
  type OssCredentialRequest,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import type { LocalStorageProvider, StorageProvider } from '../../providers/storage/storage-provider.ts';
import { createStorageProvider } from '../../providers/storage/create-storage-provider.ts';
import { getSharedSecret } from '../settings/settings.service.ts';
import { findUploadByKey, insertUpload, markUploadStored, type UploadRow } from './storage.repo.ts';

const UPLOAD_SECRET_KEY = 'storage.upload_secret';
const MB = 1024 * 1024;

export interface StorageDeps {
  ctx: AppContext;
  storage: StorageProvider;
}

/**
 * The local upload policy's HMAC secret: UPLOAD_SIGNING_SECRET, else a random value made once and kept in the
 * settings table, so a policy signed by one process verifies in another.
 */
export function getUploadSecret(ctx: Pick<AppContext, 'db' | 'env' | 'now'>): Promise<string> {
  return getSharedSecret(ctx, UPLOAD_SECRET_KEY, ctx.env.UPLOAD_SIGNING_SECRET);
}

function typeNotAllowed(field: string): AppError {
  return AppError.param(field, formatMessage(MSG.UPLOAD_TYPE_NOT_ALLOWED, describeExtensions(UPLOAD_EXTENSIONS)));
}

/** The stored name: the safe form of `rename` (keeping the real extension) or of the chosen file's name. */
function storedNameOf(input: OssCredentialRequest, extension: string): string {
  if (input.rename === undefined || input.rename.trim() === '') return safeUploadFileName(input.file_name);
  const renamed = safeUploadFileName(input.rename.trim());
  return fileExtensionOf(renamed) === extension ? renamed : safeUploadFileName(`${renamed}.${extension}`);
}

/** Checks type and size before anything is signed, then records the credential (uploads row) and signs it. */
export async function issueCredential(deps: StorageDeps, auth: AuthState, input: OssCredentialRequest): Promise<OssCredential> {
  const { ctx, storage } = deps;
  const type = uploadTypeOf(input.file_name);
  if (!type) throw typeNotAllowed('file_name');
  if (!reportedTypeFits(input.type, type.contentType)) throw typeNotAllowed('type');
  const tooLarge = checkFileSize(input.file_size, `${ctx.env.UPLOAD_MAX_MB}MB`);
  if (tooLarge) throw AppError.param('file_size', tooLarge);

  const name = storedNameOf(input, type.extension);
  const key = `${auth.role}/${auth.accountId}/${randomBytes(16).toString('hex')}/${name}`;
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + UPLOAD_POLICY_TTL_SECONDS * 1000);
  // The declared size is the ceiling: File.size is exact, so a bigger body is not the file that was checked.
  const maxBytes = input.file_size;
  const post = await storage.signPost({ key, contentType: type.contentType, maxBytes, expiresAt, now });
  await insertUpload(ctx.db, { ownerId: auth.accountId, key, fileName: name, contentType: type.contentType, maxBytes, provider: storage.id, expiresAt, createdAt: now });
  return {
    endpoint: post.endpoint,
    key,
    fields: post.fields,
    file: { name, url: `${FILE_URL_PREFIX}${key}` },
    max_bytes: maxBytes,
    expires_at: expiresAt.toISOString(),
  };
}

export function uploadCeilingBytes(ctx: AppContext): number {
  return ctx.env.UPLOAD_MAX_MB * MB;
}

/**
 * The local provider's POST: the policy must verify, name a credential we issued that has not been used, and
 * the file must fit the size range and start with its type's magic bytes. Nothing is kept otherwise.
 */
export async function receiveLocalUpload(
  deps: { ctx: AppContext; storage: LocalStorageProvider },
  fields: Record<string, string>,
  file: Readable,
): Promise<void> {
  const { ctx, storage } = deps;
  const policy = await storage.verifyPost(fields, ctx.now());
  const row = await findUploadByKey(ctx.db, policy.key);
  if (!row || row.provider !== 'local' || row.storedAt || row.contentType !== policy.contentType) throw AppError.message(MSG.UPLOAD_POLICY_INVALID);
  const received = await storage.receive(file, policy);
  try {
    const claimed = await markUploadStored(ctx.db, policy.key, received.sizeBytes, ctx.now());
    if (!claimed) throw AppError.message(MSG.UPLOAD_POLICY_INVALID);
    await storage.commit(received.tempPath, policy.key);
  } catch (error) {
    await storage.discard(received.tempPath);
    throw error;
  }
}

/**
 * The one place that decides who reads an upload (docs/design.md §4, decision 023): its owner; admission staff
 * (admins: teachers with is_admin); and a teacher only when the file was handed in to a course that teacher
 * teaches. Nobody else: not other students, not school or SL accounts, not every teacher.
 */
export async function mayReadUpload(ctx: AppContext, auth: AuthState, row: UploadRow): Promise<boolean> {
  if (row.ownerId === auth.accountId) return true;
  if (auth.role === 'teacher' && auth.isAdmin) return true;
  if (auth.role === 'teacher') return isHandedInToCourseOf(ctx, auth.accountId, row);
  return false;
}

/**
 * Whether a teacher may read a student's upload because of another module's records (course work, decision 052:
 * an assignment submission or a submitted writing-centre essay of a course the teacher teaches). Storage knows no
 * such module: each registers its grant at load (coursework.service.ts does), keyed by the per-upload directory.
 */
export type TeacherReadGrant = (ctx: AppContext, teacherId: number, keyDirectory: string) => Promise<boolean>;

const teacherReadGrants: TeacherReadGrant[] = [];

/** Adds a grant; call once, at module load. */
export function registerTeacherReadGrant(grant: TeacherReadGrant): void {
  if (!teacherReadGrants.includes(grant)) teacherReadGrants.push(grant);
}

/**
 * True when `upload` was handed in to a teacher through a registered grant. Matched on the per-upload key
 * directory, so a renamed file still counts; only student uploads are ever handed in.
 */
async function isHandedInToCourseOf(ctx: AppContext, teacherId: number, upload: UploadRow): Promise<boolean> {
  const directory = upload.key.replace(/[^/]*$/, '');
  if (!/^student\/[0-9]+\/[0-9a-f]{32}\/$/.test(directory)) return false;
  for (const grant of teacherReadGrants) if (await grant(ctx, teacherId, directory)) return true;
  return false;
}

/** Everyone refused, and every key we never stored, gets the same 403: a key's existence is not revealed. */
export async function authorizeRead(ctx: AppContext, storage: StorageProvider, auth: AuthState, key: string): Promise<UploadRow> {
  const parsed = parseUploadKey(key);
  if (!parsed) throw AppError.forbidden();
  const row = await findUploadByKey(ctx.db, key);
  if (!row) throw AppError.forbidden();
  if (storage.kind === 'local' && !row.storedAt) throw AppError.forbidden();
  if (!(await mayReadUpload(ctx, auth, row))) throw AppError.forbidden();
  return row;
}

export type FileAnswer =
  | { kind: 'stream'; stream: Readable; sizeBytes: number; contentType: string; downloadName: string }
  | { kind: 'redirect'; url: string };

/** The name offered when saving: the requested one (keeping the stored extension) or the stored one. */
function downloadNameOf(row: UploadRow, requested?: string): string {
  if (!requested) return row.fileName;
  const extension = fileExtensionOf(row.fileName);
  const safe = safeUploadFileName(requested);
  return !extension || fileExtensionOf(safe) === extension ? safe : safeUploadFileName(`${safe}.${extension}`);
}

export async function readFile(deps: StorageDeps, auth: AuthState, key: string, requestedName?: string): Promise<FileAnswer> {
  const { ctx, storage } = deps;
  const row = await authorizeRead(ctx, storage, auth, key);
  const downloadName = downloadNameOf(row, requestedName);
  if (storage.kind === 'remote') {
    return { kind: 'redirect', url: await storage.signedReadUrl(key, { downloadName, contentType: row.contentType, expiresInSeconds: UPLOAD_READ_TTL_SECONDS }) };
  }
  const opened = await storage.openRead(key);
  if (!opened) throw AppError.forbidden();
  return { kind: 'stream', stream: opened.stream, sizeBytes: opened.sizeBytes, contentType: row.contentType, downloadName };
}

export function keyOfFileUrl(url: string): string {
  const key = fileKeyOf(url);
  if (!key) throw AppError.param('url', MSG.PARAM_INVALID);
  return key;
}

/**
 * Whether a form may attach this file address: it lies under the account's own prefix, a credential was
 * issued for it to this account, and the file is really there. On the local disk the platform received the
 * POST itself (stored_at); a remote bucket received it directly, so the bucket is asked (HEAD) once: the object
 * must exist with a size within the credential's and the credential's content type. Then it counts as stored.
 */
export async function isAttachableUpload(ctx: AppContext, role: string, accountId: number, url: string): Promise<boolean> {
  if (!isOwnFileUrl(url, role, accountId)) return false;
  const key = fileKeyOf(url);
  const row = key ? await findUploadByKey(ctx.db, key) : undefined;
  if (!row || row.ownerId !== accountId) return false;
  if (row.storedAt !== null) return true;
  const storage = storageFor(ctx);
  if (row.provider === 'local' || storage.kind !== 'remote' || storage.id !== row.provider) return false;
  let object: Awaited<ReturnType<typeof storage.headObject>>;
  try {
    object = await storage.headObject(row.key);
  } catch {
    // The bucket could not be asked (network, credentials): say so rather than blame the file or answer 500.
    throw AppError.message(MSG.UPLOAD_STORAGE_FAILED);
  }
  if (!object || object.sizeBytes < 1 || object.sizeBytes > row.maxBytes) return false;
  if (object.contentType !== null && object.contentType.split(';')[0]!.trim().toLowerCase() !== row.contentType) return false;
  await markUploadStored(ctx.db, row.key, object.sizeBytes, ctx.now());
  return true;
}

const providers = new WeakMap<AppContext, StorageProvider>();

/** The app's storage provider (STORAGE_PROVIDER), made once per app: routes, attach checks and the sweep share it. */
export function storageFor(ctx: AppContext): StorageProvider {
  let storage = providers.get(ctx);
  if (!storage) {
    storage = createStorageProvider(ctx.env, { localSecret: () => getUploadSecret(ctx) });
    providers.set(ctx, storage);
  }
  return storage;
}
