/**
 * The payments module's published reads (decision 077): other modules read orders, parent links and granted aid
 * through this file, never payments.repo.ts.
 */
export {
  findFirstPaidOrder,
  findGrantedAidFen,
  findOpenOrder,
  findOrderById,
  findOrderByNo,
  findPaidAtByPurpose,
  findParentLinkByHash,
  isUniqueViolation,
  type ParentPayLinkRow,
  type PaymentOrderRow,
} from './payments.repo.ts';
export { listDues, upsertExtensionAudited, type PaymentDueRow } from './due-extensions.repo.ts';
