import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError, CAMPUS_MSG, STATUS, type Cluster, type ClusterInput, type ClusterList } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { campusClusterMembers, campusClusters } from '../../db/schema-campus.ts';
import { recordAudit } from '../audit/audit-write.ts';

const notFound = () => new AppError(STATUS.MESSAGE, CAMPUS_MSG.CLUSTER_NOT_FOUND, { httpStatus: 404 });

async function clusterView(ctx: AppContext, id: number, accountId: number): Promise<Cluster> {
  const rows = await listRows(ctx, accountId, id);
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function listRows(ctx: AppContext, accountId: number, onlyId?: number): Promise<Cluster[]> {
  const members = sql<number>`(select count(*)::int from ${campusClusterMembers} m where m.cluster_id = ${campusClusters.id})`;
  const joined = sql<boolean>`exists (select 1 from ${campusClusterMembers} m where m.cluster_id = ${campusClusters.id} and m.student_id = ${accountId})`;
  const rows = await ctx.db
    .select({ id: campusClusters.id, name: campusClusters.name, description: campusClusters.description, capacity: campusClusters.capacity, members, joined })
    .from(campusClusters)
    .where(onlyId === undefined ? undefined : eq(campusClusters.id, onlyId))
    .orderBy(asc(campusClusters.name));
  return rows.map((r) => ({ ...r, members: Number(r.members), joined: Boolean(r.joined) }));
}

export async function listClusters(ctx: AppContext, auth: AuthState): Promise<ClusterList> {
  return { items: await listRows(ctx, auth.accountId) };
}

/** Join: the cluster row is locked, so concurrent joins at the last seat admit exactly one. Joining twice is a no-op. */
export async function joinCluster(ctx: AppContext, auth: AuthState, id: number): Promise<Cluster> {
  await ctx.db.transaction(async (tx) => {
    const locked = await tx.select({ capacity: campusClusters.capacity }).from(campusClusters).where(eq(campusClusters.id, id)).for('update');
    if (!locked[0]) throw notFound();
    const mine = await tx.select({ id: campusClusterMembers.clusterId }).from(campusClusterMembers).where(and(eq(campusClusterMembers.clusterId, id), eq(campusClusterMembers.studentId, auth.accountId)));
    if (mine[0]) return;
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(campusClusterMembers).where(eq(campusClusterMembers.clusterId, id))) as [{ n: number }];
    if (Number(n) >= locked[0].capacity) throw new AppError(STATUS.MESSAGE, CAMPUS_MSG.CLUSTER_FULL, { httpStatus: 409 });
    await tx.insert(campusClusterMembers).values({ clusterId: id, studentId: auth.accountId, joinedAt: ctx.now() }).onConflictDoNothing();
  });
  return clusterView(ctx, id, auth.accountId);
}

/** Leave: idempotent. */
export async function leaveCluster(ctx: AppContext, auth: AuthState, id: number): Promise<Cluster> {
  const exists = await ctx.db.select({ id: campusClusters.id }).from(campusClusters).where(eq(campusClusters.id, id));
  if (!exists[0]) throw notFound();
  await ctx.db.delete(campusClusterMembers).where(and(eq(campusClusterMembers.clusterId, id), eq(campusClusterMembers.studentId, auth.accountId)));
  return clusterView(ctx, id, auth.accountId);
}

/** Staff create a cluster; the name is unique, so a repeated create answers the existing one unchanged. */
export async function createCluster(ctx: AppContext, auth: AuthState, input: ClusterInput): Promise<Cluster> {
  const now = ctx.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campusClusters)
        .values({ name: input.name, description: input.description, capacity: input.capacity, createdBy: auth.accountId, createdAt: now })
        .returning({ id: campusClusters.id });
      await recordAudit(tx, { actorId: auth.accountId, action: 'cluster.create', entity: 'campus_cluster', entityId: row!.id, after: input, now });
      return row!.id;
    });
    return clusterView(ctx, id, auth.accountId);
  } catch (error) {
    if (pgErrorCode(error) !== '23505') throw error;
    const [existing] = await ctx.db.select({ id: campusClusters.id }).from(campusClusters).where(eq(campusClusters.name, input.name));
    if (!existing) throw error;
    return clusterView(ctx, existing.id, auth.accountId);
  }
}
