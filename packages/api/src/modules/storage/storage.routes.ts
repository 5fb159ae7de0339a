import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MSG, ossCredentialRequestSchema, ossCredentialSchema, ossDownloadQuerySchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { assertStorableFields } from '../../http/input-guard.ts';
import { contentDispositionFor, type StorageProvider } from '../../providers/storage/storage-provider.ts';
import { issueCredential, storageFor, keyOfFileUrl, readFile, receiveLocalUpload, uploadCeilingBytes, type FileAnswer } from './storage.service.ts';

/** docs/api-contract.md lists a generic credential path and one per role; one handler serves them all. */
const ROLE_CREDENTIAL_PATHS = ['/api/student/oss/credential', '/api/teacher/oss/credential', '/api/school/oss/credential', '/api/sl/oss/credential'] as const;

export interface StorageRoutesOptions {
  /** Tests may pass a provider; otherwise STORAGE_PROVIDER decides. */
  storage?: StorageProvider;
}

function sendFile(reply: FastifyReply, answer: FileAnswer) {
  reply.header('cache-control', 'private, no-store');
  if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
  return reply
    .header('content-type', answer.contentType)
    .header('content-length', answer.sizeBytes)
    .header('content-disposition', contentDispositionFor(answer.downloadName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(answer.stream);
}

export async function storageRoutes(app: FastifyInstance, options: StorageRoutesOptions = {}) {
  const storage = options.storage ?? storageFor(app.ctx);
  const deps = () => ({ ctx: app.ctx, storage });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['storage'];

  const credential = {
    schema: {
      tags,
      summary: '获取直传凭证（先校验类型与大小，再签名；10分钟有效）',
      body: ossCredentialRequestSchema,
      response: { 200: envelopeOf(ossCredentialSchema) },
    },
  };
  r.post('/api/oss/credential', { ...credential, config: { auth: 'any' } }, async (req) => ok(await issueCredential(deps(), authOf(req), req.body)));
  for (const path of ROLE_CREDENTIAL_PATHS) {
    r.post(path, credential, async (req) => ok(await issueCredential(deps(), authOf(req), req.body)));
  }

  r.get<{ Params: { '*': string } }>(
    '/api/oss/file/*',
    { config: { auth: 'any' }, schema: { tags, summary: '读取文件（本人与招生管理员可读；任课教师仅可读交到其课程的文件；本地存储直接返回，远程存储302到5分钟有效的签名地址）' } },
    async (req: FastifyRequest<{ Params: { '*': string } }>, reply) => sendFile(reply, await readFile(deps(), authOf(req), req.params['*'])),
  );
  r.get(
    '/api/oss/download-as-name',
    { config: { auth: 'any' }, schema: { tags, summary: '以指定文件名下载', querystring: ossDownloadQuerySchema } },
    async (req, reply) => sendFile(reply, await readFile(deps(), authOf(req), keyOfFileUrl(req.query.url), req.query.name)),
  );

  // The local provider's stand-in for a bucket: a multipart POST authorised by its signed policy, not a token.
  if (storage.kind === 'local') {
    const local = storage;
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: uploadCeilingBytes(app.ctx), files: 1, fields: 12, fieldSize: 16 * 1024, parts: 14, headerPairs: 100 },
      });
      scope.post(
        '/api/oss/upload',
        { config: { auth: 'public' }, schema: { tags, summary: '本地存储直传（multipart，字段同凭证，file 放最后；成功返回204）', hide: true } },
        async (req, reply) => {
          if (!req.isMultipart()) throw AppError.param('file', MSG.UPLOAD_FILE_MISSING);
          const part = await req.file();
          if (!part) throw AppError.param('file', MSG.UPLOAD_FILE_MISSING);
          const fields: Record<string, string> = {};
          for (const [name, value] of Object.entries(part.fields)) {
            const first = Array.isArray(value) ? value[0] : value;
            if (first && first.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
          }
          assertStorableFields(fields);
          try {
            await receiveLocalUpload({ ctx: app.ctx, storage: local }, fields, part.file);
          } catch (error) {
            // Let busboy finish the request so the refusal reaches the browser instead of a reset connection.
            part.file.resume();
            throw error;
          }
          return reply.code(204).send();
        },
      );
    });
  }
}
