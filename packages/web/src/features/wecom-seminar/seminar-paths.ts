import { PATHS } from '../../lib/paths.ts';

/** The seminar pages' addresses (decision 099): {type} is the seminar's id, {userId} the sign-up's public code. */
export const seminarPaths = {
  divide: (code: string) => `${PATHS.wecomSeminarDivide}?u=${encodeURIComponent(code)}`,
  middle: (seminarId: number, code: string) => `/wecom/seminar/middle/${seminarId}/${encodeURIComponent(code)}`,
  add: (code: string, seminarId?: number) => `/wecom/seminar/add/${encodeURIComponent(code)}${seminarId !== undefined ? `/${seminarId}` : ''}`,
  error: (type: string, code?: string) => `/wecom/seminar/error/${encodeURIComponent(type)}${code ? `/${encodeURIComponent(code)}` : ''}`,
};
