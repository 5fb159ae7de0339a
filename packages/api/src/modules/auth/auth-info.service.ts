import { AppError } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { findAccountById } from './auth.repo.ts';

export async function getAuthInfo(ctx: AppContext, auth: AuthState) {
  const account = await findAccountById(ctx.db, auth.accountId);
  if (!account) throw AppError.login();
  return {
    user_id: account.id,
    type: account.role.toUpperCase() as 'STUDENT' | 'TEACHER' | 'SCHOOL' | 'SL',
    name: account.name,
    phone: account.phone,
    is_admin: auth.isAdmin,
    is_dl: account.isDl,
  };
}
