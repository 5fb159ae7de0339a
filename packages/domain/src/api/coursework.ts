/**
 * Request and response schemas of course work (decisions 052/053): /api/teacher/assignment*,
 * /api/teacher/submission*, /api/teacher/writing*, /api/teacher/grade*, /api/teacher/notice, /api/admin/assignment,
 * /api/student/assignment*, /api/student/writing*, /api/student/grades*.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ASSIGNMENT_MAX_SIZE_MB, COURSEWORK_MSG, ESSAY_STATUSES, SUBMISSION_FILES_MAX } from '../coursework.ts';
import { boundedStringSchema, idSchema, queryIdSchema, requestObjectSchema, DB_INT_MAX } from './common.ts';
import { UPLOAD_EXTENSIONS, uploadedFileSchema } from './storage.ts';

const err = { error: MSG.PARAM_INVALID };
const bodyIdSchema = z.number(err).int(err).positive(err).max(DB_INT_MAX, err);
const instantSchema = z.iso.datetime({ offset: true, error: MSG.PARAM_INVALID });
const requiredText = (max: number) => z.string(err).trim().min(1, { error: '输入框不能为空' }).max(max, err);
const pointsSchema = z.number(err).min(0, err).max(1000, err);

export const courseworkIdParamsSchema = z.object({ id: queryIdSchema });
export const courseworkCourseParamsSchema = z.object({ course_id: queryIdSchema });
export const courseworkStudentGradeParamsSchema = z.object({ course_id: queryIdSchema, student_id: queryIdSchema });

export const rubricCriterionSchema = z.object({ name: requiredText(40), points: z.number(err).int(err).min(1, err).max(1000, err) }, err);

export const assignmentSaveRequestSchema = requestObjectSchema({
  course_id: bodyIdSchema,
  title: requiredText(100),
  /** Rich text from the editor; sanitised on the server. */
  instructions: boundedStringSchema(20_000).default(''),
  due_at: instantSchema,
  allowed_types: z.array(z.enum(UPLOAD_EXTENSIONS, err), err).min(1, { error: '请选择允许的文件类型' }).max(UPLOAD_EXTENSIONS.length, err),
  max_size_mb: z.number(err).int(err).min(1, err).max(ASSIGNMENT_MAX_SIZE_MB, { error: `文件大小上限须在1至${ASSIGNMENT_MAX_SIZE_MB}MB之间` }),
  max_score: z.number(err).int(err).min(1, err).max(1000, err).default(100),
  rubric: z.array(rubricCriterionSchema, err).max(12, err).default([]),
});
export type AssignmentSaveRequest = z.infer<typeof assignmentSaveRequestSchema>;

export const submissionRequestSchema = requestObjectSchema({
  text: boundedStringSchema(20_000).default(''),
  files: z.array(uploadedFileSchema, err).max(SUBMISSION_FILES_MAX, { error: `最多上传${SUBMISSION_FILES_MAX}个文件` }).default([]),
}).refine((v) => v.text.trim() !== '' || v.files.length > 0, { error: COURSEWORK_MSG.SUBMISSION_EMPTY, path: ['text'] });
export type SubmissionRequest = z.infer<typeof submissionRequestSchema>;

export const gradingRequestSchema = requestObjectSchema({
  score: pointsSchema.optional(),
  rubric_points: z.array(pointsSchema, err).max(12, err).optional(),
  comment: boundedStringSchema(5_000).default(''),
}).refine((v) => v.score !== undefined || v.rubric_points !== undefined, { error: '请填写分数', path: ['score'] });
export type GradingRequest = z.infer<typeof gradingRequestSchema>;

export const essaySaveRequestSchema = requestObjectSchema({
  course_id: bodyIdSchema,
  title: requiredText(100),
  body: boundedStringSchema(30_000).default(''),
  files: z.array(uploadedFileSchema, err).max(SUBMISSION_FILES_MAX, err).default([]),
  /** true: hand the essay in for review (it can no longer change); false: keep it as a draft. */
  submit: z.boolean(err).default(false),
});
export type EssaySaveRequest = z.infer<typeof essaySaveRequestSchema>;

export const gradeComponentsRequestSchema = requestObjectSchema({
  components: z
    .array(
      z.object(
        {
          id: bodyIdSchema.optional(),
          name: requiredText(40),
          weight: z.number(err).int(err).min(1, err).max(100, err),
          /** The assignments feeding the item (decision 089); left out or empty: scores typed by hand. */
          assignment_ids: z.array(bodyIdSchema, err).max(50, err).optional(),
        },
        err,
      ),
      err,
    )
    .min(1, { error: '各成绩项权重之和须为100' })
    .max(10, err),
});
export type GradeComponentsRequest = z.infer<typeof gradeComponentsRequestSchema>;

export const studentGradeRequestSchema = requestObjectSchema({
  /** Component id → score 0–100; a component left out keeps no score. */
  scores: z.record(z.string(err).regex(/^[0-9]{1,10}$/, err), z.number(err).min(0, { error: '分数须在0至100之间' }).max(100, { error: '分数须在0至100之间' }), err),
  /** Fed item id → the teacher's score replacing the computed one (null or left out: the computed one stands). */
  overrides: z
    .record(z.string(err).regex(/^[0-9]{1,10}$/, err), z.number(err).min(0, { error: '分数须在0至100之间' }).max(100, { error: '分数须在0至100之间' }).nullable(), err)
    .optional(),
});
export type StudentGradeRequest = z.infer<typeof studentGradeRequestSchema>;

export const gradePublishRequestSchema = requestObjectSchema({
  /** null withdraws the publication. */
  publish_at: instantSchema.nullable(),
});

export const teacherNoticeRequestSchema = requestObjectSchema({
  course_id: bodyIdSchema,
  title: requiredText(60),
  body: requiredText(2_000),
});

// ---------------------------------------------------------------------------------------------------------
// Responses

const fileSchema = z.object({ name: z.string(), url: z.string() });

export const courseRefSchema = z.object({ id: idSchema, code: z.string(), title: z.string(), period: z.number().int(), teacher_name: z.string() });
export type CourseRef = z.infer<typeof courseRefSchema>;

export const assignmentSchema = z.object({
  id: idSchema,
  course_id: idSchema,
  title: z.string(),
  instructions: z.string(),
  due_at: z.string(),
  allowed_types: z.array(z.string()),
  max_size_mb: z.number().int(),
  max_score: z.number().int(),
  rubric: z.array(z.object({ name: z.string(), points: z.number() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const submissionSchema = z.object({
  id: idSchema,
  assignment_id: idSchema,
  student_id: idSchema,
  student_name: z.string(),
  text: z.string(),
  files: z.array(fileSchema),
  submitted_at: z.string(),
  late: z.boolean(),
  versions: z.number().int(),
  score: z.number().nullable(),
  rubric_points: z.array(z.number()),
  comment: z.string(),
  graded_at: z.string().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const teacherAssignmentRowSchema = assignmentSchema.extend({ submitted: z.number().int(), graded: z.number().int(), enrolled: z.number().int() });
export type TeacherAssignmentRow = z.infer<typeof teacherAssignmentRowSchema>;

export const assignmentDetailSchema = z.object({
  assignment: assignmentSchema,
  course: courseRefSchema,
  /** Every enrolled student, with their submission or null. */
  roster: z.array(z.object({ student_id: idSchema, student_name: z.string(), submission: submissionSchema.nullable() })),
});
export type AssignmentDetail = z.infer<typeof assignmentDetailSchema>;

export const participationSchema = z.object({
  course: courseRefSchema,
  assignments: z.array(z.object({ id: idSchema, title: z.string(), due_at: z.string(), max_score: z.number().int() })),
  students: z.array(
    z.object({
      student_id: idSchema,
      student_name: z.string(),
      cells: z.array(z.object({ assignment_id: idSchema, state: z.enum(['missing', 'submitted', 'late', 'graded']), score: z.number().nullable() })),
    }),
  ),
});
export type Participation = z.infer<typeof participationSchema>;

export const studentAssignmentSchema = assignmentSchema.extend({ submission: submissionSchema.nullable(), server_now: z.string() });
export type StudentAssignment = z.infer<typeof studentAssignmentSchema>;

export const studentCourseAssignmentsSchema = z.object({ course: courseRefSchema, assignments: z.array(studentAssignmentSchema) });
export type StudentCourseAssignments = z.infer<typeof studentCourseAssignmentsSchema>;

export const essaySchema = z.object({
  id: idSchema,
  course: courseRefSchema,
  student_id: idSchema,
  student_name: z.string(),
  title: z.string(),
  body: z.string(),
  files: z.array(fileSchema),
  status: z.enum(ESSAY_STATUSES),
  submitted_at: z.string().nullable(),
  score: z.number().nullable(),
  rubric_points: z.array(z.number()),
  comment: z.string(),
  reviewed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Essay = z.infer<typeof essaySchema>;

export const writingCentreSchema = z.object({ courses: z.array(courseRefSchema), essays: z.array(essaySchema) });
export type WritingCentre = z.infer<typeof writingCentreSchema>;

export const gradeComponentSchema = z.object({ id: idSchema, name: z.string(), weight: z.number().int() });

export const gradeItemValueSchema = z.object({
  value: z.number().nullable(),
  source: z.enum(['manual', 'assignments', 'override']),
  computed: z.number().nullable(),
  graded: z.number().int(),
  total: z.number().int(),
});

export const teacherGradeBookSchema = z.object({
  course: courseRefSchema,
  components: z.array(gradeComponentSchema.extend({ assignment_ids: z.array(idSchema) })),
  /** The course's assignments a grade item can be fed by. */
  assignments: z.array(z.object({ id: idSchema, title: z.string(), max_score: z.number() })),
  publish_at: z.string().nullable(),
  published: z.boolean(),
  students: z.array(
    z.object({
      student_id: idSchema,
      student_name: z.string(),
      /** Typed scores of hand-entered items. */
      scores: z.record(z.string(), z.number()),
      overrides: z.record(z.string(), z.number()),
      /** Every item's value as the final grade counts it. */
      values: z.record(z.string(), gradeItemValueSchema),
      final_grade: z.number().nullable(),
      letter: z.string().nullable(),
    }),
  ),
});
export type TeacherGradeBook = z.infer<typeof teacherGradeBookSchema>;

export const studentGradeSchema = z.object({
  course: courseRefSchema,
  published_at: z.string(),
  components: z.array(gradeComponentSchema.extend({ score: z.number().nullable() })),
  final_grade: z.number().nullable(),
  letter: z.string().nullable(),
});
export type StudentGrade = z.infer<typeof studentGradeSchema>;

export const noticeSentSchema = z.object({ sent: z.number().int() });
