import { sql } from 'drizzle-orm';
import { send, type Fixture, type FixtureCtx } from './double-submit.kit.ts';

/** The campus write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */

const CLUSTER = { name: '双击测试社团', description: '', capacity: 30 };
/** Creates the cluster if the create fixture has not run yet (the name is unique, so this is idempotent). */
const dsCluster = async (ctx: FixtureCtx) => {
  await send(ctx, 'admin', 'POST', '/api/admin/clusters', CLUSTER);
  return ctx.one<number>(sql`select id from campus_clusters where name = ${CLUSTER.name} order by id limit 1`);
};

export const CAMPUS_FIXTURES: Record<string, Fixture> = {
  // The cluster name is unique: one cluster, the repeats answer it.
  'POST /api/admin/clusters': { as: 'admin', prepare: async () => ({ body: CLUSTER }) },
  // Joining locks the cluster row and is a no-op for a member: one membership.
  'POST /api/student/clusters/:id/join': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/clusters/${await dsCluster(ctx)}/join` }) },
  // Leaving deletes the one membership; repeats delete nothing.
  'DELETE /api/student/clusters/:id/join': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/clusters/${await dsCluster(ctx)}/join` }) },
};
