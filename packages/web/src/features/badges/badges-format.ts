/** Display helpers of the badges pages (unit-tested without a DOM). */
import type { BadgeVerifyStatus } from '@summit/domain/badges';

const DATE = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'long', day: 'numeric' });

/** 2026年7月12日, in Beijing time wherever the reader is. */
export function beijingDay(iso: string | null | undefined): string {
  return iso ? DATE.format(new Date(iso)) : '—';
}

export const VERIFY_HEADLINE: Record<BadgeVerifyStatus, string> = {
  valid: '✓ 凭证有效',
  revoked: '✗ 凭证已撤销',
  invalid: '✗ 凭证无效',
};

export const VERIFY_DETAIL: Record<BadgeVerifyStatus, string> = {
  valid: '签名已用本项目的公钥核验，凭证内容未被改动，且未被撤销。',
  revoked: '签名真实，但项目办公室已撤销这枚徽章，它不再代表持有人的成就。',
  invalid: '这不是一张有效的本项目徽章凭证。',
};

/** The absolute verification link a student shares (the page lives on this site). */
export function verifyUrl(origin: string, verifyPath: string): string {
  return `${origin.replace(/\/$/, '')}${verifyPath}`;
}

/** The catalogue split by whether the student already holds (a standing award of) each badge. */
export function splitCatalogue<B extends { id: number }>(catalogue: readonly B[], heldBadgeIds: ReadonlySet<number>): { held: B[]; toEarn: B[] } {
  return { held: catalogue.filter((b) => heldBadgeIds.has(b.id)), toEarn: catalogue.filter((b) => !heldBadgeIds.has(b.id)) };
}
