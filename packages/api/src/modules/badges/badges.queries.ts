/**
 * The badges module's entry points for other modules (decision 104). Mission X, the talent show and the teaching
 * module's attendance call these when something that earns a badge happens (or is undone); badges never imports
 * them. Only published badges are awarded, each at most once per student.
 */
import type { AutoBadgeCriterion } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { insertAwardIfNew, publishedBadgeIdsWithCriterion, revokeAwardAudited, standingAwardsFromSource } from './badges.repo.ts';

export interface BadgeAwardSource {
  /** What earned it, e.g. 'mission-x-submission', 'talent-show-entry', 'attendance-week'. */
  kind: string;
  /** That record's id (or key, e.g. '2026-W28'). */
  id: string | number;
  /** The staff member whose action earned it (e.g. the teacher who accepted the submission); absent: automatic. */
  by?: number | null;
  now?: Date;
}

/**
 * Awards the student every published badge whose criterion is `criterion` and that they do not hold yet.
 * Idempotent per badge and student (a unique index, so concurrent calls give one award); a badge once revoked is
 * not given again automatically. Returns the ids of the awards made now.
 */
export async function awardBadgesFor(db: Db, accountId: number, criterion: AutoBadgeCriterion, source: BadgeAwardSource): Promise<number[]> {
  const badgeIds = await publishedBadgeIdsWithCriterion(db, criterion);
  const made: number[] = [];
  for (const badgeId of badgeIds) {
    const id = await insertAwardIfNew(db, {
      badgeId,
      accountId,
      sourceKind: source.kind,
      sourceId: String(source.id),
      awardedBy: source.by ?? null,
      note: null,
      now: source.now ?? new Date(),
    });
    if (id !== null) made.push(id);
  }
  return made;
}

/**
 * Revokes the standing awards of `criterion` that this source earned the student (e.g. a Mission X acceptance
 * withdrawn). Awards earned by another source stay. Audited; returns how many were revoked.
 */
export async function revokeBadgeAward(
  db: Db,
  accountId: number,
  criterion: AutoBadgeCriterion,
  source: { kind: string; id: string | number; by?: number | null; now?: Date },
  reason: string,
): Promise<number> {
  const ids = await standingAwardsFromSource(db, accountId, criterion, { kind: source.kind, id: String(source.id) });
  let revoked = 0;
  for (const id of ids) {
    const outcome = await revokeAwardAudited(db, { id, reason, actorId: source.by ?? null, now: source.now ?? new Date() });
    if (outcome.kind === 'ok') revoked += 1;
  }
  return revoked;
}
