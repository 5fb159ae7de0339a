import { PATHS } from '../../lib/paths.ts';

/** The seminar pages' addresses (decision 099): {type} is the seminar's id, {userId} the sign-up's public code. */
export const seminarPaths = {
  divide: (code: string) => `${PATHS.wecomSeminarDivide}?u=${encodeURIComponent(code)}`,
  middle: (seminarId: number, code: string) => `${PATHS.wecomSeminarMiddle}/${seminarId}/${encodeURIComponent(code)}`,
  add: (code: string, seminarId?: number) => `${PATHS.wecomSeminarAdd}/${encodeURIComponent(code)}${seminarId !== undefined ? `/${seminarId}` : ''}`,
  error: (type: string, code?: string) => `${PATHS.wecomSeminarError}/${encodeURIComponent(type)}${code ? `/${encodeURIComponent(code)}` : ''}`,
};
