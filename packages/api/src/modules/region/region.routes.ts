import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  areaCodeItemSchema,
  cityListQuerySchema,
  regionItemSchema,
  schoolItemSchema,
  schoolSearchQuerySchema,
  stateListQuerySchema,
  zoneListQuerySchema,
} from '@summit/domain';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { findSchools, getAreaCodes, listCities, listCountries, listStates, listZones } from './region.service.ts';


const regionListSchema = envelopeOf(z.array(regionItemSchema));
const publicRoute = { config: { auth: 'public' as const } };
/** Region lists only change with a deploy (they come from installed packages); let browsers keep them. */
const STATIC_CACHE = 'public, max-age=86400';

export async function regionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['region'];

  r.get('/api/region/countries', { ...publicRoute, schema: { tags, summary: '国家列表（中国 id 1 在首位）', response: { 200: regionListSchema } } }, async (_req, reply) => {
    reply.header('cache-control', STATIC_CACHE);
    return ok(listCountries());
  });

  r.get(
    '/api/region/states',
    { ...publicRoute, schema: { tags, summary: '省/州列表', querystring: stateListQuerySchema, response: { 200: regionListSchema } } },
    async (req, reply) => {
      reply.header('cache-control', STATIC_CACHE);
      return ok(listStates(req.query.country_id));
    },
  );

  r.get(
    '/api/region/cities',
    { ...publicRoute, schema: { tags, summary: '城市列表', querystring: cityListQuerySchema, response: { 200: regionListSchema } } },
    async (req, reply) => {
      reply.header('cache-control', STATIC_CACHE);
      return ok(listCities(req.query.state_id));
    },
  );

  r.get(
    '/api/region/zones',
    { ...publicRoute, schema: { tags, summary: '区/县列表', querystring: zoneListQuerySchema, response: { 200: regionListSchema } } },
    async (req, reply) => {
      reply.header('cache-control', STATIC_CACHE);
      return ok(listZones(req.query.city_id));
    },
  );

  r.get(
    '/api/region/schools',
    {
      ...publicRoute,
      schema: { tags, summary: '学校搜索（最多 50 条，按名称排序）', querystring: schoolSearchQuerySchema, response: { 200: envelopeOf(z.array(schoolItemSchema)) } },
    },
    async (req) => {
      const q = req.query;
      return ok(await findSchools(app.ctx, { countryId: q.country_id, stateId: q.state_id, cityId: q.city_id, type: q.type, name: q.name, schoolId: q.school_id }));
    },
  );

  r.get(
    '/api/region/area-codes',
    { ...publicRoute, schema: { tags, summary: '手机区号列表', response: { 200: envelopeOf(z.array(areaCodeItemSchema)) } } },
    async (_req, reply) => {
      reply.header('cache-control', STATIC_CACHE);
      return ok(getAreaCodes());
    },
  );
}
