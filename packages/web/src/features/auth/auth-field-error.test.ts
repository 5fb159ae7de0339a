import { describe, expect, it } from 'vitest';
import { STATUS } from '@summit/domain/errors';
import { MSG } from '@summit/domain/messages';
import { ApiError } from '../../lib/api-client.ts';
import { AUTH_QUIET_MESSAGES, authFieldErrorOf } from './auth-field-error.ts';

const quiet = (msg: string) => new ApiError(STATUS.MESSAGE, msg, { handledByCaller: true });

describe('authFieldErrorOf', () => {
  it('puts a wrong password under the password and a wrong code under the code', () => {
    expect(authFieldErrorOf(quiet(MSG.WRONG_PASSWORD), ['phone', 'password'])).toEqual({ field: 'password', msg: MSG.WRONG_PASSWORD });
    expect(authFieldErrorOf(quiet(MSG.CODE_WRONG), ['phone', 'code'])).toEqual({ field: 'code', msg: MSG.CODE_WRONG });
    expect(authFieldErrorOf(quiet(MSG.PHONE_REGISTERED), ['phone', 'code', 'password'])).toEqual({ field: 'phone', msg: MSG.PHONE_REGISTERED });
  });

  it('puts a 4003 naming a field under that field', () => {
    const error = new ApiError(STATUS.PARAM, MSG.PHONE_FORMAT, { data: { field: 'phone' }, handledByCaller: true });
    expect(authFieldErrorOf(error, ['phone', 'password'])).toEqual({ field: 'phone', msg: MSG.PHONE_FORMAT });
  });

  it('leaves what the client already toasted, and fields the form does not have, alone', () => {
    expect(authFieldErrorOf(new ApiError(STATUS.MESSAGE, MSG.WRONG_PASSWORD), ['password'])).toBeNull();
    expect(authFieldErrorOf(quiet(MSG.CODE_WRONG), ['phone', 'password'])).toBeNull();
    expect(authFieldErrorOf(new Error('x'), ['phone'])).toBeNull();
  });

  it('asks the client not to toast exactly the field-shaped messages', () => {
    expect([...AUTH_QUIET_MESSAGES].sort()).toEqual([MSG.CODE_WRONG, MSG.PHONE_NOT_REGISTERED, MSG.PHONE_REGISTERED, MSG.WRONG_PASSWORD].sort());
  });
});
