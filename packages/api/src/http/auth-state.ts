/**
 * Who a request is, once its token is resolved. Its own module so the token cache can hold it without
 * importing the app context that holds the cache (no import cycle).
 */
export type Role = 'student' | 'teacher' | 'school' | 'sl';

export interface AuthState {
  accountId: number;
  role: Role;
  isAdmin: boolean;
  tokenId: number;
}
