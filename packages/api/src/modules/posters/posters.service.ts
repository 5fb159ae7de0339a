import { AppError, DEFAULT_POSTER_TEMPLATES, type PosterKind, type PosterResult, type PosterTemplate } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { posterPerson } from './posters.repo.ts';
import { cachedPoster, renderCached } from './posters.render.ts';
import { referralCodeFor, referralUrl } from './referral-code.ts';

export const PROGRAMME_NAME = '峰会暑期学术项目';
/** The campaign each poster kind's referral code names. */
const CAMPAIGN: Record<PosterKind, string> = { 'talent-hunt': 'th', enroll: 'en' };

type Ctx = Pick<AppContext, 'db' | 'now' | 'env'>;

/**
 * Renders a poster from a template key (a built-in kind for now) with placeholder values and the QR's text;
 * campaigns and referrals call this for their posters.
 */
export async function renderPoster(
  _db: AppContext['db'],
  args: { templateKey: PosterKind; school?: string | null; data: Record<string, string>; qrText: string; template?: PosterTemplate },
): Promise<{ png: Buffer; hash: string }> {
  const template = args.template ?? DEFAULT_POSTER_TEMPLATES[args.templateKey];
  const values = { programme: PROGRAMME_NAME, ...args.data, school: args.data.school ?? args.school ?? '' };
  const { png, hash } = await renderCached({ template, values, qrText: args.qrText });
  return { png, hash };
}

/** The caller's own poster of a kind: their name and school, and a QR with their signed referral code. */
export async function posterFor(ctx: Ctx, accountId: number, kind: PosterKind, origin: string): Promise<PosterResult> {
  const row = await posterPerson(ctx.db, accountId);
  if (!row) throw AppError.forbidden();
  const code = await referralCodeFor(ctx, accountId, CAMPAIGN[kind]);
  const link = referralUrl(origin, code);
  const name = row.name.trim() || '我';
  const { hash } = await renderPoster(ctx.db, { templateKey: kind, data: { name, school: row.school?.trim() ?? '' }, qrText: link });
  return { kind, hash, url: `/api/posters/image/${hash}.png`, filename: `summit-${kind}.png`, link };
}

export function posterImage(hash: string): Buffer | undefined {
  return cachedPoster(hash);
}
