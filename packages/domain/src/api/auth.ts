/** Accounts: captcha, SMS code, register, login, reset, logout, auth info, the demo SMS outbox. */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { LOGIN_TYPE_VALUES } from '../roles.ts';
import {
  captchaAnswerSchema,
  passwordSchema,
  phoneFieldsSchema,
  phoneInputSchema,
  smsCodeSchema,
} from '../validation.ts';
import { emptyResponseSchema, requestObjectSchema, timestampSchema } from './common.ts';

export const loginTypeSchema = z.enum(LOGIN_TYPE_VALUES);

// POST /api/captcha/question ------------------------------------------------------------------------------
export const captchaQuestionRequestSchema = phoneFieldsSchema;
export type CaptchaQuestionRequest = z.infer<typeof captchaQuestionRequestSchema>;
/** `code` is the question text, e.g. "12 + 7 = ?". */
export const captchaQuestionSchema = z.object({ code: z.string() });
export type CaptchaQuestion = z.infer<typeof captchaQuestionSchema>;
export const captchaQuestionResponseSchema = envelopeSchema(captchaQuestionSchema);

// POST /api/captcha/answer --------------------------------------------------------------------------------
export const captchaAnswerRequestSchema = z.intersection(
  phoneFieldsSchema,
  requestObjectSchema({ code: captchaAnswerSchema }),
);
export type CaptchaAnswerRequest = z.infer<typeof captchaAnswerRequestSchema>;
/** A right answer sends the SMS code; `interval` is the seconds before another send is allowed. */
export const captchaAnswerResultSchema = z.object({ interval: z.number().int().nonnegative() });
export type CaptchaAnswerResult = z.infer<typeof captchaAnswerResultSchema>;
export const captchaAnswerResponseSchema = envelopeSchema(captchaAnswerResultSchema);

// POST /api/register and POST /api/reset ------------------------------------------------------------------
export const registerRequestSchema = z.intersection(
  phoneFieldsSchema,
  requestObjectSchema({ code: smsCodeSchema, password: passwordSchema }),
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const resetRequestSchema = registerRequestSchema;
export type ResetRequest = z.infer<typeof resetRequestSchema>;
export const resetResponseSchema = emptyResponseSchema;

// POST /api/login -----------------------------------------------------------------------------------------
/** Forms send '' for the credential they do not use; treat it as absent. */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

const loginCredentialsSchema = requestObjectSchema({
  password: z.preprocess(blankAsAbsent, passwordSchema.optional()),
  code: z.preprocess(blankAsAbsent, smsCodeSchema.optional()),
}).superRefine((value, ctx) => {
  if (value.password === undefined && value.code === undefined) {
    ctx.addIssue({ code: 'custom', message: MSG.LOGIN_CREDENTIAL_REQUIRED, path: ['password'] });
  } else if (value.password !== undefined && value.code !== undefined) {
    ctx.addIssue({ code: 'custom', message: MSG.LOGIN_CREDENTIAL_BOTH, path: ['code'] });
  }
});

export type PasswordLoginRequest = { phone_code: string; phone: string; password: string; code?: undefined };
export type CodeLoginRequest = { phone_code: string; phone: string; code: string; password?: undefined };
/** Exactly one of password and SMS code. Narrow with `'password' in req && req.password !== undefined`. */
export type LoginRequest = PasswordLoginRequest | CodeLoginRequest;

export const loginRequestSchema = z
  .intersection(phoneFieldsSchema, loginCredentialsSchema)
  .transform((value): LoginRequest =>
    value.password !== undefined
      ? { phone_code: value.phone_code, phone: value.phone, password: value.password }
      : { phone_code: value.phone_code, phone: value.phone, code: value.code ?? '' },
  );

export function isPasswordLogin(request: LoginRequest): request is PasswordLoginRequest {
  return request.password !== undefined;
}

/** Answer of login and register. */
export const loginResultSchema = z.object({
  type: loginTypeSchema,
  token: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  is_dl: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;
export const loginResponseSchema = envelopeSchema(loginResultSchema);
export const registerResponseSchema = loginResponseSchema;

// POST /api/logout ----------------------------------------------------------------------------------------
export const logoutResponseSchema = emptyResponseSchema;

// GET /api/auth/info --------------------------------------------------------------------------------------
export const authInfoSchema = z.object({
  user_id: z.number().int(),
  type: loginTypeSchema,
  name: z.string(),
  phone: z.string(),
  is_admin: z.boolean(),
  is_dl: z.boolean(),
});
export type AuthInfo = z.infer<typeof authInfoSchema>;
export const authInfoResponseSchema = envelopeSchema(authInfoSchema);

// Tokens --------------------------------------------------------------------------------------------------
/** 256-bit random tokens in base64url are 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer <token>` header, or null when absent or malformed. */
export function parseBearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : null;
}

// GET /api/dev/outbox (demo mode only) --------------------------------------------------------------------
export const outboxQuerySchema = requestObjectSchema({ phone: phoneInputSchema.optional() });
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
export const outboxItemSchema = z.object({
  phone: z.string(),
  content: z.string(),
  code: z.string(),
  created_at: timestampSchema,
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxResponseSchema = envelopeSchema(z.array(outboxItemSchema));

