import { z } from 'zod';
import { badgeVerificationSchema, honourSchema, myBadgesSchema } from '@summit/domain/badges';
import { api } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

export const BADGE_KEYS = {
  mine: ['badges', 'mine'] as const,
  honours: ['badges', 'honours'] as const,
  verify: (publicId: string) => ['badges', 'verify', publicId] as const,
};

type Signal = { signal?: AbortSignal };
const withSignal = (o: Signal) => (o.signal ? { signal: o.signal } : {});

export const fetchMyBadges = (o: Signal = {}) => api.get('/student/badges', { schema: myBadgesSchema, ...withSignal(o) });
export const fetchHonourRoll = (o: Signal = {}) => api.get('/student/honours', { schema: z.array(honourSchema), ...withSignal(o) });
export const fetchVerification = (publicId: string, o: Signal = {}) => api.get(`/badges/verify/${encodeURIComponent(publicId)}`, { schema: badgeVerificationSchema, quiet: true, ...withSignal(o) });
export const verifySubmitted = (credential: string) => api.request('/badges/verify', { method: 'POST', body: { credential }, schema: badgeVerificationSchema, fieldNames: ['credential'] });

/** The credential file (JSON), with the session's token, saved under the badge's name. */
export const downloadCredential = (awardId: number, badgeName: string) =>
  downloadFile(`/student/badges/${awardId}/credential`, { expect: 'json', fallbackName: `${badgeName}-徽章凭证.json`, fileName: `${badgeName}-徽章凭证.json` });

