/** Profile endpoints of the non-student roles. */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { TEACHER_TYPE_VALUES } from '../roles.ts';
import { permissionSchema } from './staff.ts';

// GET /api/teacher/info -----------------------------------------------------------------------------------
export const teacherTypeSchema = z.literal(TEACHER_TYPE_VALUES);

export const teacherInfoSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  type: teacherTypeSchema,
  is_admin: z.boolean(),
  /** What the console may show this teacher (decision 063); empty for types 1/2/3. */
  permissions: z.array(permissionSchema),
});
export type TeacherInfo = z.infer<typeof teacherInfoSchema>;
export const teacherInfoResponseSchema = envelopeSchema(teacherInfoSchema);

// GET /api/school/info ------------------------------------------------------------------------------------
export const schoolInfoSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  school_id: z.number().int().nullable(),
  school_name: z.string(),
});
export type SchoolInfo = z.infer<typeof schoolInfoSchema>;
export const schoolInfoResponseSchema = envelopeSchema(schoolInfoSchema);

// GET /api/sl/info ----------------------------------------------------------------------------------------
export const slInfoSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  school_name: z.string(),
});
export type SlInfo = z.infer<typeof slInfoSchema>;
export const slInfoResponseSchema = envelopeSchema(slInfoSchema);
