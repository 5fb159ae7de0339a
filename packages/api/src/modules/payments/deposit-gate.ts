/**
 * The week-camp gate of docs/product/users-and-roles.md (完成定金支付后，方可访问) reads this (decisions 075, 076; decision 072): whether a student has
 * paid the deposit of a product, or the product whole (paying in full secures the place as a deposit does).
 */
import { installmentPurpose, type InstallmentProduct } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { findPaidAtByPurpose } from './payments.repo.ts';

export async function depositPaid(db: Db, accountId: number, product: InstallmentProduct): Promise<boolean> {
  const paid = await findPaidAtByPurpose(db, accountId, [installmentPurpose(product, 'deposit'), installmentPurpose(product, 'whole')]);
  return paid.size > 0;
}
