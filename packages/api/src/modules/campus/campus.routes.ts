import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CAMPUS_MSG, clusterIdParamsSchema, clusterInputSchema, clusterListSchema, clusterSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { createCluster, joinCluster, leaveCluster, listClusters } from './campus.repo.ts';

/** Campus (decision 106): interest clusters and clubs. The path prefix names the role (the auth hook). */
export async function campusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['student'];
  r.get('/api/student/clusters', { schema: { tags, summary: '社团：全部社团（人数、上限、我是否已加入）', response: { 200: envelopeOf(clusterListSchema) } } }, async (req) =>
    ok(await listClusters(ctx, authOf(req))),
  );
  r.post(
    '/api/student/clusters/:id/join',
    { schema: { tags, summary: '社团：加入（满员则拒绝；重复加入无影响）', params: clusterIdParamsSchema, response: { 200: envelopeOf(clusterSchema) } } },
    async (req) => ok(await joinCluster(ctx, authOf(req), req.params.id), CAMPUS_MSG.JOINED),
  );
  r.delete(
    '/api/student/clusters/:id/join',
    { schema: { tags, summary: '社团：退出（重复退出无影响）', params: clusterIdParamsSchema, response: { 200: envelopeOf(clusterSchema) } } },
    async (req) => ok(await leaveCluster(ctx, authOf(req), req.params.id), CAMPUS_MSG.LEFT),
  );
  r.post(
    '/api/admin/clusters',
    { schema: { tags: ['admin'], summary: '社团：创建（名称唯一；写入审计日志）', body: clusterInputSchema, response: { 200: envelopeOf(clusterSchema) } } },
    async (req) => ok(await createCluster(ctx, authOf(req), req.body), CAMPUS_MSG.CREATED),
  );
}
