import { describe, expect, it } from 'vitest';
import { WECOM_SEMINAR_MSG } from '@summit/domain/api/wecom-seminar';
import { STATUS } from '@summit/domain/errors';
import { ApiError } from '../../lib/api-client.ts';
import { failureType } from './seminar-failure.ts';
import { seminarPaths } from './seminar-paths.ts';

describe('the seminar pages’ addresses and failure codes (decision 099)', () => {
  it('builds the five addresses with the seminar id as {type} and the public code as {userId}', () => {
    expect(seminarPaths.divide('U12')).toBe('/wecom/seminar/divide?u=U12');
    expect(seminarPaths.middle(3, 'U12')).toBe('/wecom/seminar/middle/3/U12');
    expect(seminarPaths.add('U12', 3)).toBe('/wecom/seminar/add/U12/3');
    expect(seminarPaths.add('U12')).toBe('/wecom/seminar/add/U12');
    expect(seminarPaths.error('2', 'U12')).toBe('/wecom/seminar/error/2/U12');
    expect(seminarPaths.error('1')).toBe('/wecom/seminar/error/1');
  });

  it('turns an answer into the error page’s code', () => {
    const fail = (msg: string) => new ApiError(STATUS.MESSAGE, msg);
    expect(failureType(fail(WECOM_SEMINAR_MSG.SIGNUP_NOT_FOUND))).toBe('1');
    expect(failureType(fail(WECOM_SEMINAR_MSG.NO_COUNSELLOR))).toBe('2');
    expect(failureType(fail(WECOM_SEMINAR_MSG.WECOM_UNAVAILABLE))).toBe('3');
    expect(failureType(fail(WECOM_SEMINAR_MSG.SEMINAR_CLOSED))).toBe('4');
    expect(failureType(new Error('network'))).toBe('3');
  });
});
