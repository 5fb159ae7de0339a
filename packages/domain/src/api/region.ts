/** Region data: countries, states, cities, zones, schools, phone area codes. */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { boundedStringSchema, queryIdSchema, requestObjectSchema } from './common.ts';

/** A country, state, city or zone. `aliases` are other names to match in search (e.g. 美国, USA). */
export const regionItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  aliases: z.array(z.string()),
});
export type RegionItem = z.infer<typeof regionItemSchema>;
export const regionListResponseSchema = envelopeSchema(z.array(regionItemSchema));

// GET /api/region/countries (China, id 1, first) ----------------------------------------------------------
export const countryListResponseSchema = regionListResponseSchema;

// GET /api/region/states?country_id= ----------------------------------------------------------------------
export const stateListQuerySchema = requestObjectSchema({ country_id: queryIdSchema });
export type StateListQuery = z.infer<typeof stateListQuerySchema>;

// GET /api/region/cities?state_id= ------------------------------------------------------------------------
export const cityListQuerySchema = requestObjectSchema({ state_id: queryIdSchema });
export type CityListQuery = z.infer<typeof cityListQuerySchema>;

// GET /api/region/zones?city_id= --------------------------------------------------------------------------
export const zoneListQuerySchema = requestObjectSchema({ city_id: queryIdSchema });
export type ZoneListQuery = z.infer<typeof zoneListQuerySchema>;

// GET /api/region/schools ---------------------------------------------------------------------------------
export const SCHOOL_TYPES = { 1: '中学', 2: '大学' } as const;
export const SCHOOL_TYPE_VALUES = [1, 2] as const;
export type SchoolType = (typeof SCHOOL_TYPE_VALUES)[number];
export const SCHOOL_SEARCH_LIMIT = 50;

/** Blank query values ("name=") mean no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const schoolSearchQuerySchema = requestObjectSchema({
  country_id: z.preprocess(blankAsAbsent, queryIdSchema.optional()),
  state_id: z.preprocess(blankAsAbsent, queryIdSchema.optional()),
  city_id: z.preprocess(blankAsAbsent, queryIdSchema.optional()),
  type: z.preprocess(
    blankAsAbsent,
    z.coerce.number({ error: MSG.PARAM_INVALID }).pipe(z.literal(SCHOOL_TYPE_VALUES, { error: MSG.PARAM_INVALID })).optional(),
  ),
  name: z.preprocess(blankAsAbsent, boundedStringSchema(100).trim().optional()),
  school_id: z.preprocess(blankAsAbsent, queryIdSchema.optional()),
});
export type SchoolSearchQuery = z.infer<typeof schoolSearchQuerySchema>;

/** Foreign schools have no state or city. At most SCHOOL_SEARCH_LIMIT per answer. */
export const schoolItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country_id: z.number().int(),
  state_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
  type: z.number().int(),
});
export type SchoolItem = z.infer<typeof schoolItemSchema>;
export const schoolListResponseSchema = envelopeSchema(z.array(schoolItemSchema));

// GET /api/region/area-codes ------------------------------------------------------------------------------
/** `short` is the ISO 3166-1 alpha-2 code, `tel` the dialling code as digits ('86'). */
export const areaCodeItemSchema = z.object({
  short: z.string(),
  name: z.string(),
  en: z.string(),
  tel: z.string(),
  pinyin: z.string(),
});
export type AreaCodeItem = z.infer<typeof areaCodeItemSchema>;
export const areaCodeListResponseSchema = envelopeSchema(z.array(areaCodeItemSchema));
