import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MSG, STATUS, httpStatusFor } from '@summit/domain';

const CJK = /[\u3400-\u9fff]/;

interface ValidationIssueLike {
  message?: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Turns the first validation issue into the spec's 4003: the domain's Chinese message, naming the field. */
function describeValidation(issues: ValidationIssueLike[], context: string | undefined) {
  const first = issues[0];
  const issuePath = first?.params?.issue?.path;
  const field =
    (issuePath && issuePath.length > 0 ? issuePath.map(String).join('.') : first?.instancePath?.replace(/^\//, '').replace(/\//g, '.')) ||
    context ||
    'body';
  const raw = first?.params?.issue?.message ?? first?.message ?? '';
  const msg = CJK.test(raw) ? raw : `参数错误：${field}`;
  return { field, msg };
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.httpStatus ?? httpStatusFor(error.status)).send({ status: error.status, msg: error.msg, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { field, msg } = describeValidation(error.validation as ValidationIssueLike[], error.validationContext);
      return reply.code(400).send({ status: STATUS.PARAM, msg, data: { field } });
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const { field, msg } = describeValidation(fe.validation as ValidationIssueLike[], fe.validationContext);
      return reply.code(400).send({ status: STATUS.PARAM, msg, data: { field } });
    }
    if (fe.statusCode === 429) {
      return reply.code(429).send({ status: STATUS.MESSAGE, msg: MSG.TOO_MANY_REQUESTS, data: undefined });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large, bad URL encoding: the caller's fault, say so.
      request.log.info({ code: fe.code }, 'rejected malformed request');
      return reply.code(fe.statusCode).send({ status: STATUS.PARAM, msg: `请求格式错误（${fe.code ?? fe.statusCode}）`, data: { field: 'body' } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: STATUS.INTERNAL, msg: MSG.NETWORK_ERROR });
  });
}
