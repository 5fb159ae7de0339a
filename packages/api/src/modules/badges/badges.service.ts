/**
 * Badges and the honour roll (decision 104): the student's badges and the catalogue, the honour roll, the
 * console's management (badges, manual awards, revocation, honours), and the credentials: issued on first read,
 * downloadable by their holder only, verifiable by anyone.
 */
import {
  AppError,
  BADGE_MSG,
  maskName,
  type AdminBadge,
  type AdminBadgeAward,
  type AdminHonour,
  type Badge,
  type BadgeInput,
  type BadgeManualAward,
  type BadgeVerification,
  type Honour,
  type HonourInput,
  type MyBadges,
  type StudentLookupRow,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { getStoredProgrammeFacts } from '../settings/programme.service.ts';
import {
  badgeCounts,
  deleteHonourAudited,
  findAwardWithBadge,
  findBadge,
  findHonour,
  insertAwardIfNew,
  insertBadgeAudited,
  insertHonourAudited,
  listAwards,
  listBadges,
  listHonours,
  lookupStudents,
  awardOf,
  awardsOfAccount,
  revokeAwardAudited,
  revokedPublicIds,
  storeCredential,
  studentExists,
  updateBadgeAudited,
  updateHonourAudited,
  type AwardWithBadge,
  type BadgeRow,
  type BadgeValues,
  type HonourRow,
} from './badges.repo.ts';
import { IssuerKeyMissingError, buildCredential, checkCredentialJwt, envelopedCredential, issuerKey, issuerProfile, issuerUrls, jwtFromSubmitted, signCredential } from './badge-credential.ts';

export const ISSUER_NOT_CONFIGURED = '徽章凭证签发尚未配置，请联系项目办公室';

function badgeView(b: BadgeRow): Badge {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    criteria_text: b.criteriaText,
    criterion: b.criterion as Badge['criterion'],
    emblem: b.emblem,
    colour: b.colour,
    published: b.published,
    image_url: `/api/badges/images/${b.id}.svg`,
  };
}

async function issuerName(ctx: AppContext): Promise<string> {
  return (await getStoredProgrammeFacts(ctx)).name;
}

async function keyOrError(ctx: AppContext) {
  try {
    return await issuerKey(ctx);
  } catch (error) {
    if (error instanceof IssuerKeyMissingError) throw AppError.message(ISSUER_NOT_CONFIGURED);
    throw error;
  }
}

/** The award's signed credential: written once on first read (the holder's page, a download or a verification). */
async function credentialJwtOf(ctx: AppContext, found: AwardWithBadge, origin: string): Promise<string> {
  if (found.award.credentialJwt) return found.award.credentialJwt;
  const key = await keyOrError(ctx);
  const credential = buildCredential(origin, await issuerName(ctx), found.award, found.badge, found.holderName);
  return storeCredential(ctx.db, found.award.id, await signCredential(key, credential));
}

// ---------- student ----------

export async function getMyBadges(ctx: AppContext, auth: AuthState): Promise<MyBadges> {
  const [mine, catalogue] = await Promise.all([awardsOfAccount(ctx.db, auth.accountId), listBadges(ctx.db, { publishedOnly: true })]);
  return {
    awards: mine.map(({ award, badge }) => ({
      id: award.id,
      public_id: award.publicId,
      badge: badgeView(badge),
      awarded_at: award.awardedAt.toISOString(),
      note: award.note,
      revoked_at: award.revokedAt?.toISOString() ?? null,
      revoke_reason: award.revokeReason,
      verify_path: `/badges/verify/${award.publicId}`,
    })),
    catalogue: catalogue.map(badgeView),
  };
}

/** The credential file, for its holder only: another student's award is 404, like one that does not exist. */
export async function myCredentialFile(ctx: AppContext, auth: AuthState, awardId: number, origin: string) {
  const found = await findAwardWithBadge(ctx.db, { id: awardId });
  if (!found || found.award.accountId !== auth.accountId) throw AppError.notFound(BADGE_MSG.AWARD_NOT_FOUND);
  const jwt = await credentialJwtOf(ctx, found, origin);
  return { fileName: `${found.badge.name}-徽章凭证.json`, body: envelopedCredential(jwt) };
}

export async function getHonourRoll(ctx: AppContext, auth: AuthState): Promise<Honour[]> {
  const rows = await listHonours(ctx.db, { publishedOnly: true });
  return rows.map(({ h }) => honourView(h, auth.accountId));
}

function honourView(h: HonourRow, viewer: number | null): Honour {
  return { id: h.id, title: h.title, citation: h.citation, honouree_name: h.honoureeName, mine: viewer !== null && h.accountId === viewer, published_at: h.publishedAt?.toISOString() ?? null };
}

// ---------- public ----------

export async function getIssuerProfile(ctx: AppContext, origin: string) {
  return issuerProfile(origin, await issuerName(ctx));
}

export async function getJwks(ctx: AppContext) {
  const key = await keyOrError(ctx);
  return { keys: [key.publicJwk] };
}

export async function getRevocationList(ctx: AppContext, origin: string) {
  const urls = issuerUrls(origin);
  const ids = await revokedPublicIds(ctx.db);
  return { id: urls.revocations, type: '1EdTechRevocationList', issuer: urls.issuer, revokedCredentials: ids.map((id) => ({ id: `urn:uuid:${id}` })) };
}

export async function getAchievement(ctx: AppContext, id: number, origin: string) {
  const badge = await findBadge(ctx.db, id);
  if (!badge || !badge.published) throw AppError.notFound(BADGE_MSG.BADGE_NOT_FOUND);
  const urls = issuerUrls(origin);
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: urls.achievement(badge.id),
    type: ['Achievement'],
    achievementType: 'Badge',
    name: badge.name,
    description: badge.description,
    criteria: { narrative: badge.criteriaText },
    image: { id: urls.image(badge.id), type: 'Image' },
    creator: { id: urls.issuer, type: ['Profile'], name: await issuerName(ctx) },
  };
}

const SVG_ESCAPE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The badge's image: a medal drawn from its emblem and colour (both validated on save; escaped again here). */
export async function badgeImageSvg(ctx: AppContext, id: number): Promise<string> {
  const badge = await findBadge(ctx.db, id);
  if (!badge || !badge.published) throw AppError.notFound(BADGE_MSG.BADGE_NOT_FOUND);
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => SVG_ESCAPE[c]!);
  const colour = /^#[0-9a-f]{6}$/i.test(badge.colour) ? badge.colour : '#374151';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${esc(badge.name)}"><title>${esc(badge.name)}</title><circle cx="128" cy="128" r="120" fill="${colour}"/><circle cx="128" cy="128" r="100" fill="none" stroke="#ffffff" stroke-width="6" stroke-dasharray="4 8"/><text x="128" y="150" font-size="${Array.from(badge.emblem).length > 1 ? 64 : 88}" text-anchor="middle" fill="#ffffff" font-family="'PingFang SC','Microsoft YaHei',sans-serif" font-weight="700">${esc(badge.emblem)}</text></svg>`;
}

function verification(status: BadgeVerification['status'], issuer: string, more: Partial<BadgeVerification> = {}): BadgeVerification {
  return { status, problem: null, public_id: null, badge: null, holder_name: null, issuer_name: issuer, issued_at: null, revoked_at: null, ...more };
}

function achievementOf(credential: Record<string, unknown>): BadgeVerification['badge'] {
  const subject = credential.credentialSubject as { achievement?: { name?: unknown; description?: unknown; criteria?: { narrative?: unknown } } } | undefined;
  const a = subject?.achievement;
  return {
    name: typeof a?.name === 'string' ? a.name : '',
    description: typeof a?.description === 'string' ? a.description : '',
    criteria_text: typeof a?.criteria?.narrative === 'string' ? a.criteria.narrative : '',
    emblem: '',
    colour: '',
    image_url: '',
  };
}

/**
 * Verifies a credential: its signature against the programme's public key, then its standing (revoked or not).
 * What is shown of the badge is what the credential itself says (the signed content); the holder's name is masked.
 */
async function verifyJwt(ctx: AppContext, jwt: string): Promise<BadgeVerification> {
  const [key, issuer] = await Promise.all([keyOrError(ctx), issuerName(ctx)]);
  const check = await checkCredentialJwt(key, jwt, ctx.now());
  if (!check.ok) return verification('invalid', issuer, { problem: check.problem });
  const found = await findAwardWithBadge(ctx.db, { publicId: check.publicId });
  if (!found) return verification('invalid', issuer, { problem: '本项目没有签发过这张凭证' });
  const badge = { ...achievementOf(check.credential)!, emblem: found.badge.emblem, colour: found.badge.colour, image_url: `/api/badges/images/${found.badge.id}.svg` };
  const common = { public_id: found.award.publicId, badge, holder_name: maskName(found.holderName), issued_at: found.award.awardedAt.toISOString() };
  if (found.award.revokedAt) return verification('revoked', issuer, { ...common, revoked_at: found.award.revokedAt.toISOString() });
  return verification('valid', issuer, common);
}

/** GET /api/badges/verify/{public_id}: the verification page's check of the credential we issued under that id. */
export async function verifyByPublicId(ctx: AppContext, publicId: string, origin: string): Promise<BadgeVerification> {
  const found = await findAwardWithBadge(ctx.db, { publicId });
  if (!found) throw AppError.notFound(BADGE_MSG.CREDENTIAL_NOT_FOUND);
  return verifyJwt(ctx, await credentialJwtOf(ctx, found, origin));
}

/** POST /api/badges/verify: a credential someone holds (the JWT or the downloaded file). */
export async function verifySubmitted(ctx: AppContext, text: string): Promise<BadgeVerification> {
  const jwt = jwtFromSubmitted(text);
  if (!jwt) throw AppError.param('credential', BADGE_MSG.CREDENTIAL_MALFORMED);
  return verifyJwt(ctx, jwt);
}

// ---------- console: badges ----------

function valuesOf(input: BadgeInput): BadgeValues {
  return { name: input.name, description: input.description, criteriaText: input.criteria_text, criterion: input.criterion, emblem: input.emblem, colour: input.colour, published: input.published };
}

export async function adminBadges(ctx: AppContext): Promise<AdminBadge[]> {
  const [rows, counts] = await Promise.all([listBadges(ctx.db, { publishedOnly: false }), badgeCounts(ctx.db)]);
  return rows.map((b) => ({ ...badgeView(b), awarded: counts.get(b.id)?.awarded ?? 0, revoked: counts.get(b.id)?.revoked ?? 0 }));
}

async function adminBadge(ctx: AppContext, id: number): Promise<AdminBadge> {
  const found = (await adminBadges(ctx)).find((b) => b.id === id);
  if (!found) throw AppError.notFound(BADGE_MSG.BADGE_NOT_FOUND);
  return found;
}

export async function createBadge(ctx: AppContext, auth: AuthState, input: BadgeInput): Promise<AdminBadge> {
  try {
    return await adminBadge(ctx, await insertBadgeAudited(ctx.db, valuesOf(input), auth.accountId, ctx.now()));
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw AppError.param('name', BADGE_MSG.NAME_TAKEN);
    throw error;
  }
}

export async function updateBadge(ctx: AppContext, auth: AuthState, id: number, input: BadgeInput): Promise<AdminBadge> {
  let updated;
  try {
    updated = await updateBadgeAudited(ctx.db, id, valuesOf(input), auth.accountId, ctx.now());
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw AppError.param('name', BADGE_MSG.NAME_TAKEN);
    throw error;
  }
  if (!updated) throw AppError.notFound(BADGE_MSG.BADGE_NOT_FOUND);
  return adminBadge(ctx, id);
}

// ---------- console: awards ----------

function adminAwardView(r: Awaited<ReturnType<typeof listAwards>>[number]): AdminBadgeAward {
  const a = r.award;
  return {
    id: a.id,
    public_id: a.publicId,
    badge_id: a.badgeId,
    badge_name: r.badgeName,
    student: { id: a.accountId, name: r.studentName },
    source_kind: a.sourceKind,
    awarded_by: a.awardedBy !== null ? { id: a.awardedBy, name: r.giverName ?? '' } : null,
    note: a.note,
    awarded_at: a.awardedAt.toISOString(),
    revoked_at: a.revokedAt?.toISOString() ?? null,
    revoke_reason: a.revokeReason,
  };
}

export async function adminAwards(ctx: AppContext, badgeId: number | undefined): Promise<AdminBadgeAward[]> {
  return (await listAwards(ctx.db, { badgeId, limit: 500 })).map(adminAwardView);
}

async function adminAward(ctx: AppContext, id: number): Promise<AdminBadgeAward> {
  const [row] = await listAwards(ctx.db, { awardId: id, limit: 1 });
  if (!row) throw AppError.notFound(BADGE_MSG.AWARD_NOT_FOUND);
  return adminAwardView(row);
}

/**
 * POST /api/admin/badges/{id}/awards: staff give a manual badge to a student (audited). Giving it again is
 * answered with the existing award (so a double click or a retry is harmless); a revoked award is not re-given.
 */
export async function grantBadge(ctx: AppContext, auth: AuthState, badgeId: number, input: BadgeManualAward): Promise<AdminBadgeAward> {
  const badge = await findBadge(ctx.db, badgeId);
  if (!badge) throw AppError.notFound(BADGE_MSG.BADGE_NOT_FOUND);
  if (!badge.published) throw AppError.message(BADGE_MSG.BADGE_NOT_PUBLISHED);
  if (badge.criterion !== 'manual') throw AppError.message(BADGE_MSG.BADGE_NOT_MANUAL);
  if (!(await studentExists(ctx.db, input.account_id))) throw AppError.param('account_id', BADGE_MSG.STUDENT_NOT_FOUND);
  const id = await insertAwardIfNew(ctx.db, {
    badgeId,
    accountId: input.account_id,
    sourceKind: 'manual',
    sourceId: null,
    awardedBy: auth.accountId,
    note: input.note ? input.note : null,
    now: ctx.now(),
  });
  const award = id !== null ? { id, revokedAt: null } : await awardOf(ctx.db, badgeId, input.account_id);
  if (!award) throw AppError.internal();
  if (award.revokedAt) throw AppError.message(BADGE_MSG.AWARD_REVOKED_BEFORE);
  return adminAward(ctx, award.id);
}

/** POST /api/admin/badge-awards/{id}/revoke: revoke with a reason (audited); the verification page says 已撤销. */
export async function revokeAward(ctx: AppContext, auth: AuthState, id: number, reason: string): Promise<AdminBadgeAward> {
  const outcome = await revokeAwardAudited(ctx.db, { id, reason, actorId: auth.accountId, now: ctx.now() });
  if (outcome.kind === 'missing') throw AppError.notFound(BADGE_MSG.AWARD_NOT_FOUND);
  if (outcome.kind === 'already') throw AppError.message(BADGE_MSG.ALREADY_REVOKED);
  return adminAward(ctx, id);
}

export async function findStudents(ctx: AppContext, q: string): Promise<StudentLookupRow[]> {
  const rows = await lookupStudents(ctx.db, q);
  return rows.map((r) => ({ id: r.id, name: r.name, phone_tail: r.phone.slice(-4) }));
}

// ---------- console: honours ----------

function adminHonourView(r: { h: HonourRow; accountName: string | null }): AdminHonour {
  return { ...honourView(r.h, null), account_id: r.h.accountId, account_name: r.accountName, created_at: r.h.createdAt.toISOString() };
}

export async function adminHonours(ctx: AppContext): Promise<AdminHonour[]> {
  return (await listHonours(ctx.db, { publishedOnly: false })).map(adminHonourView);
}

async function adminHonour(ctx: AppContext, id: number): Promise<AdminHonour> {
  const row = await findHonour(ctx.db, id);
  if (!row) throw AppError.notFound(BADGE_MSG.HONOUR_NOT_FOUND);
  return adminHonourView(row);
}

async function honourValues(ctx: AppContext, input: HonourInput) {
  const accountId = input.account_id ?? null;
  if (accountId !== null && !(await studentExists(ctx.db, accountId))) throw AppError.param('account_id', BADGE_MSG.STUDENT_NOT_FOUND);
  return { title: input.title, citation: input.citation, honoureeName: input.honouree_name, accountId, published: input.published };
}

export async function createHonour(ctx: AppContext, auth: AuthState, input: HonourInput): Promise<AdminHonour> {
  return adminHonour(ctx, await insertHonourAudited(ctx.db, await honourValues(ctx, input), auth.accountId, ctx.now()));
}

export async function updateHonour(ctx: AppContext, auth: AuthState, id: number, input: HonourInput): Promise<AdminHonour> {
  if (!(await updateHonourAudited(ctx.db, id, await honourValues(ctx, input), auth.accountId, ctx.now()))) throw AppError.notFound(BADGE_MSG.HONOUR_NOT_FOUND);
  return adminHonour(ctx, id);
}

export async function deleteHonour(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  if (!(await deleteHonourAudited(ctx.db, id, auth.accountId, ctx.now()))) throw AppError.notFound(BADGE_MSG.HONOUR_NOT_FOUND);
}
