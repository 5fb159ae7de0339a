/**
 * Open Badges 3.0 credentials (decision 104): every award is an OpenBadgeCredential (W3C VC Data Model 2.0) secured
 * as a VC-JWT (OB 3.0 §8.2): the JWT's payload is the credential itself with the registered claims iss, jti, nbf
 * and sub beside it, signed RS256 (the algorithm every OB 3.0 verifier supports) by the programme's key. The
 * header names the key (kid, its JWK thumbprint) and carries the public JWK; our verifier never trusts the header's
 * key, only the issuer's own (served at /api/badges/jwks).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, decodeJwt, jwtVerify, type JWK } from 'jose';
import type { AppContext } from '../../http/context.ts';
import { insertSettingsIfMissing, readSettings } from '../settings/settings.queries.ts';
import type { AwardRow, BadgeRow } from './badges.repo.ts';

export const OB3_CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'] as const;
export const OB3_SCHEMA = 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';
export const VC_JWT_ALG = 'RS256';
/** Demo mode keeps its generated key here: demo data is disposable; a production key comes from BADGES_ISSUER_KEY only. */
const DEMO_KEY_SETTING = 'badges.demo_issuer_key';

export interface IssuerKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
  kid: string;
}

export class IssuerKeyMissingError extends Error {
  constructor() {
    super('BADGES_ISSUER_KEY is required outside demo mode to issue badge credentials');
  }
}

const keyCache = new Map<string, Promise<IssuerKey>>();

async function keyFromPem(pem: string): Promise<IssuerKey> {
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, publicJwk: { ...jwk, kid, alg: VC_JWT_ALG, use: 'sig' }, kid };
}

/** BADGES_ISSUER_KEY accepts a PEM with real or escaped ("\n") line breaks. */
export function normalisePem(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}

/** The programme's issuer key: BADGES_ISSUER_KEY, or in demo mode one generated once and shared by every process. */
export async function issuerKey(ctx: Pick<AppContext, 'db' | 'env' | 'now'>): Promise<IssuerKey> {
  let pem = ctx.env.BADGES_ISSUER_KEY ? normalisePem(ctx.env.BADGES_ISSUER_KEY) : null;
  if (!pem) {
    if (!ctx.env.DEMO_MODE) throw new IssuerKeyMissingError();
    pem = await demoKeyPem(ctx);
  }
  let cached = keyCache.get(pem);
  if (!cached) {
    cached = keyFromPem(pem);
    keyCache.set(pem, cached);
  }
  return cached;
}

async function demoKeyPem(ctx: Pick<AppContext, 'db' | 'now'>): Promise<string> {
  const read = async () => {
    const [row] = await readSettings(ctx.db, [DEMO_KEY_SETTING]);
    return typeof row?.value === 'string' ? row.value : null;
  };
  const existing = await read();
  if (existing) return existing;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await insertSettingsIfMissing(ctx.db, [{ key: DEMO_KEY_SETTING, value: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() }], ctx.now());
  const stored = await read();
  if (!stored) throw new Error('the demo badge issuer key could not be stored');
  return stored;
}

/** The public URLs the credential names (all served by this API). */
export function issuerUrls(origin: string) {
  return {
    issuer: `${origin}/api/badges/issuer`,
    jwks: `${origin}/api/badges/jwks`,
    revocations: `${origin}/api/badges/revocations`,
    achievement: (badgeId: number) => `${origin}/api/badges/achievements/${badgeId}`,
    image: (badgeId: number) => `${origin}/api/badges/images/${badgeId}.svg`,
    verifyPage: (publicId: string) => `${origin}/badges/verify/${publicId}`,
  };
}

export function issuerProfile(origin: string, name: string) {
  const urls = issuerUrls(origin);
  return { '@context': [...OB3_CONTEXT], id: urls.issuer, type: ['Profile'], name, url: origin };
}

/**
 * The holder is identified by a salted hash of their name (OB 3.0 IdentityObject), never the name itself: the
 * student can show the credential and their name, and the verifier can check the two belong together.
 */
export function nameIdentity(name: string, salt: string) {
  return { type: 'IdentityObject', identityType: 'name', hashed: true, identityHash: `sha256$${createHash('sha256').update(name + salt).digest('hex')}`, salt };
}

export function buildCredential(origin: string, issuerName: string, award: AwardRow, badge: BadgeRow, holderName: string) {
  const urls = issuerUrls(origin);
  return {
    '@context': [...OB3_CONTEXT],
    id: `urn:uuid:${award.publicId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: urls.issuer, type: ['Profile'], name: issuerName, url: origin },
    validFrom: award.awardedAt.toISOString(),
    name: badge.name,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [nameIdentity(holderName, award.publicId.replace(/-/g, '').slice(0, 16))],
      achievement: {
        id: urls.achievement(badge.id),
        type: ['Achievement'],
        achievementType: 'Badge',
        name: badge.name,
        description: badge.description,
        criteria: { narrative: badge.criteriaText },
        image: { id: urls.image(badge.id), type: 'Image' },
      },
    },
    credentialStatus: { id: urls.revocations, type: '1EdTechRevocationList' },
    credentialSchema: [{ id: OB3_SCHEMA, type: '1EdTechJsonSchemaValidator2019' }],
  };
}

export type OpenBadgeCredential = ReturnType<typeof buildCredential>;

/** Signs the credential as a VC-JWT (payload = the credential plus iss, jti, nbf). */
export async function signCredential(key: IssuerKey, credential: OpenBadgeCredential): Promise<string> {
  return new SignJWT({ ...credential })
    .setProtectedHeader({ alg: VC_JWT_ALG, typ: 'JWT', kid: key.kid, jwk: { kty: key.publicJwk.kty!, n: key.publicJwk.n!, e: key.publicJwk.e! } })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setNotBefore(Math.floor(new Date(credential.validFrom).getTime() / 1000))
    .sign(key.privateKey);
}

export type CredentialCheck = { ok: true; credential: Record<string, unknown>; publicId: string } | { ok: false; problem: string };

/**
 * Checks a VC-JWT against the issuer's own public key: the signature, the algorithm, that it is an
 * OpenBadgeCredential, and that its id is one of ours (urn:uuid:…). Revocation is the caller's look-up.
 */
export async function checkCredentialJwt(key: IssuerKey, jwt: string, now: Date): Promise<CredentialCheck> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(jwt, key.publicKey, { algorithms: [VC_JWT_ALG], currentDate: now, clockTolerance: 300 }));
  } catch {
    try {
      decodeJwt(jwt);
    } catch {
      return { ok: false, problem: '凭证格式无法识别' };
    }
    return { ok: false, problem: '签名无效：凭证内容被改动过，或不是由本项目签发' };
  }
  const type = payload.type;
  if (!Array.isArray(type) || !type.includes('OpenBadgeCredential')) return { ok: false, problem: '不是 Open Badges 凭证' };
  const id = typeof payload.id === 'string' ? payload.id : '';
  const m = /^urn:uuid:([0-9a-f-]{36})$/.exec(id);
  if (!m || payload.jti !== id) return { ok: false, problem: '凭证编号无效' };
  return { ok: true, credential: payload, publicId: m[1]! };
}

/** The downloadable file: a VC Data Model 2.0 enveloped credential carrying the VC-JWT. */
export function envelopedCredential(jwt: string) {
  return { '@context': ['https://www.w3.org/ns/credentials/v2'], id: `data:application/vc+jwt,${jwt}`, type: 'EnvelopedVerifiableCredential' };
}

/** What someone pastes to verify: the compact JWT, or the downloaded JSON file's text. */
export function jwtFromSubmitted(text: string): string | null {
  const trimmed = text.trim();
  if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(trimmed)) return trimmed;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === 'object' && 'id' in parsed && typeof parsed.id === 'string') {
      const prefix = 'data:application/vc+jwt,';
      if (parsed.id.startsWith(prefix)) return jwtFromSubmitted(parsed.id.slice(prefix.length));
    }
  } catch {
    return null;
  }
  return null;
}
