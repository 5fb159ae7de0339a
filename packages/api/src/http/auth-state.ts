/**
 * Who a request is, once its token is resolved. Its own module so the token cache can hold it without
 * importing the app context that holds the cache (no import cycle).
 */
export type Role = 'student' | 'teacher' | 'school' | 'sl';

export interface AuthState {
  accountId: number;
  role: Role;
  /** Teacher type 9 or the is_admin flag (decision 063): every admin permission. */
  isAdmin: boolean;
  /** Teachers: 1/2/3/4/9; other roles null. With isAdmin it decides the admin permissions (domain permissions.ts). */
  teacherType: number | null;
  tokenId: number;
}
