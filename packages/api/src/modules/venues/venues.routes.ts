import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COURSE_MSG, MSG, houseListSchema, houseSchema, houseUpdateSchema, idParamsSchema, venueInputSchema, venueListSchema, venueSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { createVenue, deleteVenue, getHouses, listVenues, updateHouse, updateVenue } from './venues.service.ts';

/** Admin venues and houses (decision 039). The auth hook limits /api/admin/ to is_admin teachers. */
export async function venuesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get('/api/admin/venues', { schema: { tags, summary: '会场列表（含已分配学生数、仅限本会场的课程数）', response: { 200: envelopeOf(venueListSchema) } } }, async () =>
    ok(await listVenues(app.ctx.db)),
  );
  r.post(
    '/api/admin/venues',
    { schema: { tags, summary: '新建会场（写入审计日志）', body: venueInputSchema, response: { 200: envelopeOf(venueSchema) } } },
    async (req) => ok(await createVenue(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
  r.put(
    '/api/admin/venues/:id',
    { schema: { tags, summary: '修改会场（写入审计日志）', params: idParamsSchema, body: venueInputSchema, response: { 200: envelopeOf(venueSchema) } } },
    async (req) => ok(await updateVenue(app.ctx, authOf(req), req.params.id, req.body), MSG.SAVE_OK),
  );
  r.delete(
    '/api/admin/venues/:id',
    { schema: { tags, summary: '删除会场（仅限没有课程和学生的会场；写入审计日志）', params: idParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await deleteVenue(app.ctx, authOf(req), req.params.id);
      return { status: 200 as const, msg: COURSE_MSG.DELETED };
    },
  );

  r.get('/api/admin/houses', { schema: { tags, summary: '十二学院（含已分配学生数）', response: { 200: envelopeOf(houseListSchema) } } }, async () => ok(await getHouses(app.ctx)));
  r.put(
    '/api/admin/houses/:id',
    { schema: { tags, summary: '修改学院名称、英文名、颜色、院训（写入审计日志）', params: idParamsSchema, body: houseUpdateSchema, response: { 200: envelopeOf(houseSchema) } } },
    async (req) => ok(await updateHouse(app.ctx, authOf(req), req.params.id, req.body), MSG.SAVE_OK),
  );
}
