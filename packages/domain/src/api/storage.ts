/**
 * Uploaded files (spec §3 "Uploaded file/image: name, url"). Files live in object storage under a key whose
 * prefix names the owner, `<role>/<account id>/<random>/<file name>`; the platform's own address for a file
 * is `/api/oss/file/<key>`, which checks who may read it before serving (local disk) or redirecting to a
 * short-lived signed address (S3, Aliyun OSS). Forms store `{ name, url }` with that address.
 */
import { z } from 'zod';

export const FILE_URL_PREFIX = '/api/oss/file/';

export const uploadedFileSchema = z.object({
  name: z.string().min(1).max(200),
  url: z.string().startsWith(FILE_URL_PREFIX).max(600),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

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
