/** Student endpoints of this milestone: status and profile (/info). */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { studentStatusSchema } from '../student-status.ts';
import {
  CHINA_COUNTRY_ID,
  areaSchema,
  emailSchema,
  nameSchema,
  schoolIdSchema,
  schoolNameSchema,
  schoolProblem,
} from '../validation.ts';
import { requestObjectSchema } from './common.ts';

// GET /api/student/status ---------------------------------------------------------------------------------
export const studentStatusResponseSchema = envelopeSchema(studentStatusSchema);

// GET /api/student/info -----------------------------------------------------------------------------------
/** Null fields are not filled in yet (a fresh registration has only the phone). */
export const studentInfoSchema = z.object({
  phone: z.string(),
  phone_code: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  school_country_id: z.number().int().nullable(),
  school_state_id: z.number().int().nullable(),
  school_city_id: z.number().int().nullable(),
  school_zone_id: z.number().int().nullable(),
  school_id: z.number().int().nullable(),
  school_name: z.string().nullable(),
  info_completed: z.boolean(),
});
export type StudentInfo = z.infer<typeof studentInfoSchema>;
export const studentInfoResponseSchema = envelopeSchema(studentInfoSchema);

// POST /api/student/info ----------------------------------------------------------------------------------
const areaIdsSchema = z
  .array(z.number({ error: MSG.AREA_REQUIRED }).int({ error: MSG.AREA_REQUIRED }).positive({ error: MSG.AREA_REQUIRED }), {
    error: MSG.AREA_REQUIRED,
  })
  .max(3, { error: MSG.AREA_REQUIRED })
  .default([]);

/**
 * Complete the profile. `area_id` is [state, city?, zone?] and is required for China (1–3 ids); other
 * countries have no states in the data, so their area is the country itself and `area_id` may be empty.
 * One of `school_id` (picked) and `school_name` (typed in full) is required.
 */
export const studentInfoUpdateRequestSchema = requestObjectSchema({
  name: nameSchema,
  email: emailSchema,
  school_country_id: z
    .number({ error: MSG.SELECT_REQUIRED })
    .int({ error: MSG.SELECT_REQUIRED })
    .positive({ error: MSG.SELECT_REQUIRED }),
  area_id: areaIdsSchema,
  school_id: schoolIdSchema.nullish(),
  school_name: schoolNameSchema.nullish(),
}).superRefine((value, ctx) => {
  if (value.school_country_id === CHINA_COUNTRY_ID) {
    const area = areaSchema.safeParse(value.area_id);
    if (!area.success) ctx.addIssue({ code: 'custom', message: MSG.AREA_REQUIRED, path: ['area_id'] });
  }
  const problem = schoolProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['school_name'] });
});
export type StudentInfoUpdateRequest = z.infer<typeof studentInfoUpdateRequestSchema>;
export const studentInfoUpdateResponseSchema = studentInfoResponseSchema;
