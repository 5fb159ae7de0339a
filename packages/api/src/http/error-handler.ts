import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MSG, STATUS, httpStatusFor } from '@summit/domain';
import { bodyStillArriving, discardRequestBody } from './unread-body.ts';

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

/**
 * Framework and plugin 4xx codes → the domain's Chinese words (decision 020). Whatever is not listed falls back
 * to its HTTP status below, so no answer ever shows a framework code such as FST_ERR_….
 */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.REQUEST_BODY_TOO_LARGE,
  FST_ERR_CTP_EMPTY_JSON_BODY: MSG.REQUEST_BODY_EMPTY,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MSG.REQUEST_MEDIA_TYPE_UNSUPPORTED,
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.REQUEST_MALFORMED,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MSG.REQUEST_MALFORMED,
  FST_ERR_BAD_URL: MSG.REQUEST_URL_INVALID,
  FST_ERR_MAX_PARAM_LENGTH: MSG.REQUEST_URL_INVALID,
  FST_ERR_ASYNC_CONSTRAINT: MSG.REQUEST_MALFORMED,
  // @fastify/compress, for compressed request bodies
  FST_CP_ERR_INVALID_CONTENT_ENCODING: MSG.REQUEST_ENCODING_UNSUPPORTED,
  FST_CP_ERR_INVALID_CONTENT: MSG.REQUEST_MALFORMED,
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: MSG.REQUEST_MEDIA_TYPE_UNSUPPORTED,
  FST_REQ_FILE_TOO_LARGE: MSG.UPLOAD_FORM_TOO_LARGE,
  FST_PARTS_LIMIT: MSG.UPLOAD_FORM_TOO_LARGE,
  FST_FILES_LIMIT: MSG.UPLOAD_FORM_TOO_LARGE,
  FST_FIELDS_LIMIT: MSG.UPLOAD_FORM_TOO_LARGE,
  FST_PROTO_VIOLATION: MSG.UPLOAD_FORM_MALFORMED,
  FST_INVALID_JSON_FIELD_ERROR: MSG.UPLOAD_FORM_MALFORMED,
  FST_MP_PREMATURE_CLOSE: MSG.UPLOAD_FORM_MALFORMED,
};

function messageForStatus(httpStatus: number): string {
  switch (httpStatus) {
    case 404:
      return MSG.NOT_FOUND_API;
    case 405:
      return MSG.REQUEST_METHOD_NOT_ALLOWED;
    case 413:
      return MSG.REQUEST_BODY_TOO_LARGE;
    case 414:
      return MSG.REQUEST_URL_INVALID;
    case 415:
      return MSG.REQUEST_MEDIA_TYPE_UNSUPPORTED;
    default:
      return MSG.REQUEST_MALFORMED;
  }
}

/**
 * The form parser (busboy) fails a malformed multipart body — no boundary, cut off mid-part — with a plain
 * Error that carries no status; it is the sender's fault, not ours. Only such errors on a multipart request.
 */
const MULTIPART_PARSE_FAILURE = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.{1,20} terminated early due to unexpected end of multipart data|Malformed part header)/;

function isMalformedMultipart(error: Error, request: FastifyRequest): boolean {
  const fe = error as FastifyError;
  return fe.statusCode === undefined && fe.code === undefined && /^multipart\//i.test(request.headers['content-type'] ?? '') && MULTIPART_PARSE_FAILURE.test(error.message);
}

/** Fastify's router errors (a URL that is not valid percent-encoding, an over-long parameter) skip the error handler. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'rejected malformed request URL');
  const httpStatus = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.code(httpStatus).send({ status: STATUS.PARAM, msg: FRAMEWORK_MESSAGES[error.code] ?? messageForStatus(httpStatus), data: { field: 'url' } });
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    // A refusal while the client is still sending — a body over the limit (413), an upload refused mid-file — is
    // answered only once the rest has been read and dropped (up to a cap), and the connection then closed:
    // closing on unread bytes resets the connection and the client never sees the answer.
    if (bodyStillArriving(request.raw)) {
      reply.header('connection', 'close');
      return discardRequestBody(request.raw).then(() => {
        answerError(error, request, reply);
      });
    }
    return answerError(error, request, reply);
  });
}

function answerError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
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
    // Malformed JSON, wrong content type, body too large, bad URL encoding: the caller's fault, say so in Chinese.
    request.log.info({ code: fe.code }, 'rejected malformed request');
    const msg = (fe.code && FRAMEWORK_MESSAGES[fe.code]) || messageForStatus(fe.statusCode);
    return reply.code(fe.statusCode).send({ status: STATUS.PARAM, msg, data: { field: 'body' } });
  }
  if (isMalformedMultipart(error, request)) {
    request.log.info({ reason: error.message }, 'rejected malformed multipart body');
    return reply.code(400).send({ status: STATUS.PARAM, msg: MSG.UPLOAD_FORM_MALFORMED, data: { field: 'body' } });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ status: STATUS.INTERNAL, msg: MSG.NETWORK_ERROR });
}
