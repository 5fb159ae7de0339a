import { loginResultSchema, type LoginResult } from '@summit/domain/api/auth';
import { MFA_MSG, mfaEnrolmentSchema, mfaEnrolResultSchema, mfaRecoveryCodesSchema, mfaStatusSchema, type MfaEnrolment, type MfaEnrolResult, type MfaRecoveryCodes, type MfaStatus } from '@summit/domain/api/mfa';
import { ApiError, api } from '../../lib/api-client.ts';

/** Two-factor calls (decision 036). Wrong codes and the lock are shown under the code input, not toasted. */
const CODE_ERRORS = { fieldNames: ['code'], quietMessages: [MFA_MSG.LOCKED, MFA_MSG.CHALLENGE_EXPIRED, MFA_MSG.NOT_ENABLED, MFA_MSG.ENFORCED_CANNOT_DISABLE] } as const;

export const MFA_STATUS_KEY = ['auth', 'mfa-status'] as const;

export const verifyMfa = (challenge: string, code: string): Promise<LoginResult> =>
  api.post('/auth/mfa/verify', { challenge, code }, { schema: loginResultSchema, ...CODE_ERRORS });

export const beginSetupWithChallenge = (challenge: string): Promise<MfaEnrolment> =>
  api.post('/auth/mfa/setup', { challenge }, { schema: mfaEnrolmentSchema, ...CODE_ERRORS });

const setupResultSchema = loginResultSchema.extend(mfaRecoveryCodesSchema.shape);
export const confirmSetupWithChallenge = (challenge: string, code: string): Promise<LoginResult & MfaRecoveryCodes> =>
  api.post('/auth/mfa/setup/confirm', { challenge, code }, { schema: setupResultSchema, ...CODE_ERRORS });

export const fetchMfaStatus = ({ signal }: { signal?: AbortSignal } = {}): Promise<MfaStatus> =>
  api.get('/auth/mfa/status', { schema: mfaStatusSchema, ...(signal ? { signal } : {}) });

export const beginEnrolment = (): Promise<MfaEnrolment> => api.post('/auth/mfa/enrol', {}, { schema: mfaEnrolmentSchema });

/** Turning the factor on also ends the account's other sessions: the answer says how many (decision 082). */
export const confirmEnrolment = (code: string): Promise<MfaEnrolResult> =>
  api.post('/auth/mfa/enrol/confirm', { code }, { schema: mfaEnrolResultSchema, ...CODE_ERRORS });

export const regenerateRecoveryCodes = (code: string): Promise<MfaRecoveryCodes> =>
  api.post('/auth/mfa/recovery-codes', { code }, { schema: mfaRecoveryCodesSchema, ...CODE_ERRORS });

export const disableMfa = async (code: string): Promise<void> => {
  await api.post('/auth/mfa/disable', { code }, CODE_ERRORS);
};

/** The words to put under the code input for an error the client left to the caller, else null (it toasted). */
export function codeErrorOf(error: unknown): string | null {
  return error instanceof ApiError && error.handledByCaller ? error.msg : null;
}
