import type { ZodError } from 'zod';
import { MSG } from './messages.ts';

/** Body `status` codes of the envelope (docs/product/errors.md, docs/api-contract.md). Gate codes are strings on the wire. */
export const STATUS = {
  OK: 200,
  REDIRECT: 302,
  LOGIN_REQUIRED: 401,
  MESSAGE: 4001,
  PARAM: 4003,
  RELOAD: 4004,
  BACK: 4005,
  GATE_OFFER: '403-10',
  GATE_PLACE_DATA: '403-20',
  GATE_PLACE_OPEN: '403-21',
  GATE_PLACE_RESULT: '403-22',
  GATE_BEIJING: '403-23',
  GATE_COURSE_CART: '403-30',
  GATE_ALREADY_APPLIED: '403-40',
  GATE_TYPE: '403-50',
  GATE_COMPLETE_INFO: '403-60',
  APPLY_PAID: '402-1',
  TUITION_PAID: '402-2',
  INTERNAL: 500,
} as const;

export type StatusCode = (typeof STATUS)[keyof typeof STATUS];

export const GATE_CODES = [
  STATUS.GATE_OFFER,
  STATUS.GATE_PLACE_DATA,
  STATUS.GATE_PLACE_OPEN,
  STATUS.GATE_PLACE_RESULT,
  STATUS.GATE_BEIJING,
  STATUS.GATE_COURSE_CART,
  STATUS.GATE_ALREADY_APPLIED,
  STATUS.GATE_TYPE,
  STATUS.GATE_COMPLETE_INFO,
  STATUS.APPLY_PAID,
  STATUS.TUITION_PAID,
] as const;

/** The 403-xx and 402-x codes: both send the student to the page their status calls for. */
export type GateCode = (typeof GATE_CODES)[number];

export const STATUS_CODES: readonly StatusCode[] = Object.values(STATUS);

export function isGateCode(status: unknown): status is GateCode {
  return (GATE_CODES as readonly unknown[]).includes(status);
}

export function isStatusCode(status: unknown): status is StatusCode {
  return (STATUS_CODES as readonly unknown[]).includes(status);
}

/** Words for each gate when the server gives none (docs/product/errors.md list; 403-40 and 402-x are ours). */
export const GATE_MESSAGES: Record<GateCode, string> = {
  '403-10': MSG.OFFER_AND_PAID_ONLY,
  '403-20': MSG.NO_PLACE,
  '403-21': MSG.NOT_OPEN,
  '403-22': MSG.PLACE_RESULT_PENDING,
  '403-23': MSG.BEIJING_ONLY,
  '403-30': MSG.COURSE_CART_NOT_OPEN,
  '403-40': MSG.ALREADY_APPLIED,
  '403-50': MSG.NO_ACCESS,
  '403-60': MSG.INFO_INCOMPLETE,
  '402-1': MSG.APPLY_FEE_PAID,
  '402-2': MSG.TUITION_PAID,
};

/** Message to show when a response carries an empty `msg`. */
export function defaultMessageFor(status: StatusCode): string {
  if (isGateCode(status)) return GATE_MESSAGES[status];
  switch (status) {
    case STATUS.LOGIN_REQUIRED:
      return MSG.LOGIN_REQUIRED;
    case STATUS.INTERNAL:
      return MSG.NETWORK_ERROR;
    case STATUS.PARAM:
      return MSG.PARAM_INVALID;
    default:
      return '';
  }
}

/**
 * HTTP status that carries a body status (docs/api-contract.md table). 4001 defaults to 400; the
 * forbidden, rate-limit and not-found cases override it through `AppError.httpStatus`.
 */
export function httpStatusFor(status: StatusCode): number {
  if (typeof status === 'string') return status.startsWith('402') ? 402 : 403;
  switch (status) {
    case STATUS.OK:
    case STATUS.REDIRECT:
      return 200;
    case STATUS.LOGIN_REQUIRED:
      return 401;
    case STATUS.RELOAD:
      return 409;
    case STATUS.MESSAGE:
    case STATUS.PARAM:
    case STATUS.BACK:
      return 400;
    case STATUS.INTERNAL:
      return 500;
  }
}

export type Envelope<T> = { status: StatusCode; msg: string; data?: T };

type AppErrorOptions = { data?: unknown; httpStatus?: number };

/**
 * The one error type services throw. The api's error handler turns it into the envelope with
 * `httpStatus ?? httpStatusFor(status)`; the web client rebuilds it from a failed response.
 */
export class AppError extends Error {
  readonly status: StatusCode;
  readonly msg: string;
  readonly data?: unknown;
  readonly httpStatus?: number;

  constructor(status: StatusCode, msg?: string, options: AppErrorOptions = {}) {
    const text = msg ?? defaultMessageFor(status);
    super(text);
    this.name = 'AppError';
    this.status = status;
    this.msg = text;
    if (options.data !== undefined) this.data = options.data;
    if (options.httpStatus !== undefined) this.httpStatus = options.httpStatus;
  }

  /** HTTP status to answer with. */
  get resolvedHttpStatus(): number {
    return this.httpStatus ?? httpStatusFor(this.status);
  }

  toEnvelope(): Envelope<unknown> {
    return this.data === undefined
      ? { status: this.status, msg: this.msg }
      : { status: this.status, msg: this.msg, data: this.data };
  }

  static param(field: string, msg: string): AppError {
    return new AppError(STATUS.PARAM, msg, { data: { field } });
  }

  /** First issue of a failed parse, as a 4003 naming the field (nested paths are joined with dots). */
  static fromZod(error: ZodError): AppError {
    const issue = error.issues[0];
    if (!issue) return AppError.param('', MSG.PARAM_INVALID);
    const field = issue.path.map(String).join('.');
    return AppError.param(field, issue.message || MSG.PARAM_INVALID);
  }

  static message(msg: string): AppError {
    return new AppError(STATUS.MESSAGE, msg);
  }

  static gate(code: GateCode, msg?: string): AppError {
    return new AppError(code, msg ?? GATE_MESSAGES[code]);
  }

  static login(): AppError {
    return new AppError(STATUS.LOGIN_REQUIRED, MSG.LOGIN_REQUIRED);
  }

  /** A logged-in user on another role's path. */
  static forbidden(): AppError {
    return new AppError(STATUS.MESSAGE, MSG.NO_PERMISSION, { httpStatus: 403 });
  }

  static tooMany(msg: string): AppError {
    return new AppError(STATUS.MESSAGE, msg, { httpStatus: 429 });
  }

  static notFound(msg: string = MSG.NOT_FOUND_API): AppError {
    return new AppError(STATUS.MESSAGE, msg, { httpStatus: 404 });
  }

  static redirect(url: string, msg = ''): AppError {
    return new AppError(STATUS.REDIRECT, msg, { data: { url } });
  }

  static reload(msg: string): AppError {
    return new AppError(STATUS.RELOAD, msg);
  }

  static back(msg: string): AppError {
    return new AppError(STATUS.BACK, msg);
  }

  static internal(): AppError {
    return new AppError(STATUS.INTERNAL, MSG.NETWORK_ERROR);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export type ClientActionKind = 'ok' | 'toast' | 'redirect' | 'login' | 'reload' | 'back' | 'gate';
export type ClientAction = { kind: ClientActionKind; delayMs: number };

/** docs/product/errors.md: 302, 4004 and 4005 wait 1 s so the message can be read before the page changes. */
export const CLIENT_ACTION_DELAY_MS = 1000;

/**
 * What the web's single response handler does with a body status (docs/product/errors.md):
 * ok: hand data to the caller; toast: show msg; redirect: show msg, go to data.url;
 * login: toast 请重新登录！, clear the login, go to /register?r=<path>; reload / back: show msg, then act;
 * gate: show msg and go to the page the student's status calls for (nextStudentPage).
 * Gates navigate at once: the toast is global and survives the route change. Unknown codes are toasts.
 */
export function clientActionFor(status: unknown): ClientAction {
  if (isGateCode(status)) return { kind: 'gate', delayMs: 0 };
  switch (status) {
    case STATUS.OK:
      return { kind: 'ok', delayMs: 0 };
    case STATUS.REDIRECT:
      return { kind: 'redirect', delayMs: CLIENT_ACTION_DELAY_MS };
    case STATUS.LOGIN_REQUIRED:
      return { kind: 'login', delayMs: 0 };
    case STATUS.RELOAD:
      return { kind: 'reload', delayMs: CLIENT_ACTION_DELAY_MS };
    case STATUS.BACK:
      return { kind: 'back', delayMs: CLIENT_ACTION_DELAY_MS };
    default:
      return { kind: 'toast', delayMs: 0 };
  }
}
