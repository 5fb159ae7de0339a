/**
 * Games (decision 105). 脑力奥赛 (brain olympics): a teacher hosts a quiz round inside an activity of kind
 * 'brain-olympics' (decision 100) and pushes its questions one at a time; every participant sees a pushed question at
 * once (server-sent events, across API nodes through the message bus) and answers within the question's seconds,
 * timed by the server. A right answer scores the question's points; the leaderboard sums them per house and per student.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema } from './api/common.ts';

export const QUIZ_TITLE_MAX = 60;
export const QUIZ_PROMPT_MAX = 500;
export const QUIZ_CHOICE_MAX = 120;
export const QUIZ_CHOICES_MIN = 2;
export const QUIZ_CHOICES_MAX = 6;
export const QUIZ_QUESTIONS_MAX = 50;
export const QUIZ_SECONDS_MIN = 5;
export const QUIZ_SECONDS_MAX = 300;
export const QUIZ_POINTS_MAX = 100;
/** Network slack after a question's seconds run out: an answer sent on the last second still counts. */
export const QUIZ_GRACE_MS = 1_000;

export const QUIZ_ROUND_STATUSES = ['draft', 'live', 'ended'] as const;
export type QuizRoundStatus = (typeof QUIZ_ROUND_STATUSES)[number];
export const QUIZ_ROUND_STATUS_LABELS: Record<QuizRoundStatus, string> = { draft: '未开始', live: '进行中', ended: '已结束' };

export const GAMES_MSG = {
  ACTIVITY_NOT_FOUND: '该脑力奥赛活动不存在',
  ACTIVITY_CLOSED: '该活动已结束',
  ROUND_NOT_FOUND: '该轮比赛不存在',
  QUESTION_NOT_FOUND: '该题不存在',
  TITLE: `请填写本轮名称（不超过 ${QUIZ_TITLE_MAX} 字）`,
  PROMPT: '请填写题目',
  CHOICES: `每题须有 ${QUIZ_CHOICES_MIN} 至 ${QUIZ_CHOICES_MAX} 个选项，且选项不能为空`,
  ANSWER: '请选择正确答案',
  SECONDS: `作答时间须为 ${QUIZ_SECONDS_MIN} 至 ${QUIZ_SECONDS_MAX} 秒`,
  POINTS: `分值须为 1 至 ${QUIZ_POINTS_MAX} 的整数`,
  QUESTIONS: `每轮须有 1 至 ${QUIZ_QUESTIONS_MAX} 道题`,
  DUPLICATE_TITLE: '该活动中已有同名的一轮',
  NOT_HOST: '只有出题的老师或管理员可以操作本轮',
  MAY_NOT_HOST: '助教账号不能主持比赛',
  ROUND_ENDED: '本轮已结束',
  ROUND_STARTED: '本轮已开始，不能再修改题目',
  ALL_PUSHED: '本轮题目已全部推送',
  QUESTION_RUNNING: '上一题尚在作答中，请等作答时间结束后再推送下一题',
  NOT_ELIGIBLE: '你不在该活动的参与范围内',
  NOT_OPEN: '本题尚未开始作答',
  LATE: '作答时间已过，本次作答未被记录',
  ALREADY_ANSWERED: '你已回答过本题，每题只能作答一次',
  CHOICE: '请选择一个选项',
  CREATED: '本轮已创建',
  PUSHED: '题目已推送给所有参赛同学',
  ENDED: '本轮已结束',
  ANSWERED: '已提交答案',
} as const;

const err = { error: MSG.PARAM_INVALID };
const bodyIdSchema = z.number(err).int(err).positive(err).max(DB_INT_MAX, err);

export const quizQuestionInputSchema = requestObjectSchema({
  prompt: boundedStringSchema(QUIZ_PROMPT_MAX + 40).trim().min(1, { error: GAMES_MSG.PROMPT }).max(QUIZ_PROMPT_MAX, { error: GAMES_MSG.PROMPT }),
  choices: z
    .array(boundedStringSchema(QUIZ_CHOICE_MAX + 40).trim().min(1, { error: GAMES_MSG.CHOICES }).max(QUIZ_CHOICE_MAX, { error: GAMES_MSG.CHOICES }), err)
    .min(QUIZ_CHOICES_MIN, { error: GAMES_MSG.CHOICES })
    .max(QUIZ_CHOICES_MAX, { error: GAMES_MSG.CHOICES }),
  answer: z.number(err).int({ error: GAMES_MSG.ANSWER }).min(0, { error: GAMES_MSG.ANSWER }).max(QUIZ_CHOICES_MAX - 1, { error: GAMES_MSG.ANSWER }),
  seconds: z.number(err).int({ error: GAMES_MSG.SECONDS }).min(QUIZ_SECONDS_MIN, { error: GAMES_MSG.SECONDS }).max(QUIZ_SECONDS_MAX, { error: GAMES_MSG.SECONDS }),
  points: z.number(err).int({ error: GAMES_MSG.POINTS }).min(1, { error: GAMES_MSG.POINTS }).max(QUIZ_POINTS_MAX, { error: GAMES_MSG.POINTS }).default(10),
}).refine((q) => q.answer < q.choices.length, { error: GAMES_MSG.ANSWER, path: ['answer'] });
export type QuizQuestionInput = z.infer<typeof quizQuestionInputSchema>;

/** POST /api/teacher/brain-olympics: a round and its questions, in order. */
export const quizRoundInputSchema = requestObjectSchema({
  activity_id: bodyIdSchema,
  title: boundedStringSchema(QUIZ_TITLE_MAX + 40).trim().min(1, { error: GAMES_MSG.TITLE }).max(QUIZ_TITLE_MAX, { error: GAMES_MSG.TITLE }),
  questions: z.array(quizQuestionInputSchema, err).min(1, { error: GAMES_MSG.QUESTIONS }).max(QUIZ_QUESTIONS_MAX, { error: GAMES_MSG.QUESTIONS }),
});
export type QuizRoundInput = z.infer<typeof quizRoundInputSchema>;

/** POST /api/student/brain-olympics/questions/:id/answer. */
export const quizAnswerInputSchema = requestObjectSchema({
  choice: z.number(err).int({ error: GAMES_MSG.CHOICE }).min(0, { error: GAMES_MSG.CHOICE }).max(QUIZ_CHOICES_MAX - 1, { error: GAMES_MSG.CHOICE }),
});
export type QuizAnswerInput = z.infer<typeof quizAnswerInputSchema>;

export const gamesIdParamsSchema = z.object({ id: queryIdSchema });

/** A question as a participant sees it: no right answer until its time is up. */
export const liveQuestionSchema = z.object({
  id: z.number().int(),
  round_id: z.number().int(),
  position: z.number().int(),
  count: z.number().int(),
  prompt: z.string(),
  choices: z.array(z.string()),
  seconds: z.number().int(),
  points: z.number().int(),
  opened_at: z.string(),
  closes_at: z.string(),
  /** Shown once the time is up. */
  answer: z.number().int().nullable(),
});
export type LiveQuestion = z.infer<typeof liveQuestionSchema>;

export const leaderboardSchema = z.object({
  houses: z.array(z.object({ house_id: z.number().int(), name: z.string(), points: z.number().int(), answers: z.number().int() })),
  students: z.array(z.object({ student_id: z.number().int(), name: z.string(), house: z.string().nullable(), points: z.number().int(), correct: z.number().int() })),
  answers: z.number().int(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const myAnswerSchema = z.object({ question_id: z.number().int(), choice: z.number().int(), correct: z.boolean().nullable(), points: z.number().int().nullable(), elapsed_ms: z.number().int() });
export type MyAnswer = z.infer<typeof myAnswerSchema>;

/** The whole state of a round for one viewer; the live stream sends this same shape on every change. */
export const roundStateSchema = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  activity_title: z.string(),
  title: z.string(),
  status: z.enum(QUIZ_ROUND_STATUSES),
  question_count: z.number().int(),
  current: liveQuestionSchema.nullable(),
  leaderboard: leaderboardSchema,
  server_now: z.string(),
});
export type RoundState = z.infer<typeof roundStateSchema>;

export const studentBrainOlympicsSchema = z.object({
  rounds: z.array(roundStateSchema.extend({ my_answers: z.array(myAnswerSchema) })),
  house: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type StudentBrainOlympics = z.infer<typeof studentBrainOlympicsSchema>;

export const teacherQuestionSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  prompt: z.string(),
  choices: z.array(z.string()),
  answer: z.number().int(),
  seconds: z.number().int(),
  points: z.number().int(),
  opened_at: z.string().nullable(),
  answers: z.number().int(),
  correct: z.number().int(),
});
export const teacherRoundSchema = roundStateSchema.extend({
  host: z.object({ id: z.number().int(), name: z.string() }),
  may_host: z.boolean(),
  questions: z.array(teacherQuestionSchema),
});
export type TeacherRound = z.infer<typeof teacherRoundSchema>;
export const teacherBrainOlympicsSchema = z.object({
  activities: z.array(z.object({ id: z.number().int(), title: z.string(), window: z.enum(['upcoming', 'open', 'closed']) })),
  rounds: z.array(teacherRoundSchema),
});
export type TeacherBrainOlympics = z.infer<typeof teacherBrainOlympicsSchema>;

export const answerResultSchema = myAnswerSchema;

/** The server's time judgement: open while opened_at ≤ now ≤ closes_at + grace. */
export function answerWindow(openedAt: Date | null, seconds: number, now: Date): 'not-open' | 'open' | 'late' {
  if (!openedAt) return 'not-open';
  const elapsed = now.getTime() - openedAt.getTime();
  if (elapsed < 0) return 'not-open';
  return elapsed <= seconds * 1000 + QUIZ_GRACE_MS ? 'open' : 'late';
}

// --- 十二学院攻城 (/xii-siege) ------------------------------------------------------------------------------------

/** The map's twelve territories, in map order (a 4 × 3 grid on desktop, 3 × 4 on a phone). */
export const SIEGE_TERRITORIES = ['北岭', '云台', '东川', '星港', '西原', '青石', '南屿', '赤城', '镜湖', '松林', '风谷', '明沙'] as const;

export interface SiegeHouseIn {
  house_id: number;
  name: string;
  colour: string;
  points: number;
}

export const siegeSchema = z.object({
  territories: z.array(z.object({ index: z.number().int(), name: z.string(), home_of: z.number().int().nullable(), holder: z.number().int().nullable() })),
  houses: z.array(
    z.object({
      house_id: z.number().int(),
      name: z.string(),
      colour: z.string(),
      points: z.number().int(),
      territories: z.number().int(),
      /** 学院杯 points still needed to take one more territory (others standing still); null when it holds all. */
      to_next: z.number().int().nullable(),
    }),
  ),
  my_house_id: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type Siege = z.infer<typeof siegeSchema>;

/**
 * The siege rule: the twelve territories are shared out in proportion to the houses' 学院杯 points (net of
 * counter-entries, never below 0) by the D'Hondt method — seat after seat goes to the house with the largest
 * points ÷ (territories held + 1); ties go to the earlier house. A house that wins any territory holds its home one;
 * a lost home goes to the house with the largest quotient still owed a seat. With no points yet every house holds
 * its home.
 */
export function siegeMap(housesIn: SiegeHouseIn[]): Omit<Siege, 'my_house_id' | 'updated_at'> {
  const houses = [...housesIn].sort((a, b) => a.house_id - b.house_id).slice(0, SIEGE_TERRITORIES.length);
  const seats = SIEGE_TERRITORIES.length;
  const pts = houses.map((h) => Math.max(0, h.points));
  const total = pts.reduce((a, b) => a + b, 0);
  const won = houses.map(() => 0);
  let lastQuotient = 0;
  if (total === 0) houses.forEach((_, i) => (won[i] = 1));
  else
    for (let s = 0; s < seats; s += 1) {
      let best = 0;
      for (let i = 1; i < houses.length; i += 1) if (pts[i]! / (won[i]! + 1) > pts[best]! / (won[best]! + 1)) best = i;
      lastQuotient = pts[best]! / (won[best]! + 1);
      won[best]! += 1;
    }
  // Homes first; the rest in map order to the houses still owed territories (largest quotient first).
  const holder: Array<number | null> = SIEGE_TERRITORIES.map(() => null);
  const owed = [...won];
  houses.forEach((h, i) => {
    if (i < seats && owed[i]! > 0) {
      holder[i] = h.house_id;
      owed[i]! -= 1;
    }
  });
  for (let t = 0; t < seats; t += 1) {
    if (holder[t] !== null) continue;
    let pick = -1;
    for (let i = 0; i < houses.length; i += 1) if (owed[i]! > 0 && (pick < 0 || pts[i]! / won[i]! > pts[pick]! / won[pick]!)) pick = i;
    if (pick < 0) break;
    holder[t] = houses[pick]!.house_id;
    owed[pick]! -= 1;
  }
  return {
    territories: SIEGE_TERRITORIES.map((name, t) => ({ index: t, name, home_of: houses[t]?.house_id ?? null, holder: holder[t] ?? null })),
    houses: houses.map((h, i) => ({
      house_id: h.house_id,
      name: h.name,
      colour: h.colour,
      points: h.points,
      territories: won[i]!,
      to_next: won[i]! >= seats ? null : total === 0 ? 1 : Math.max(1, Math.floor(lastQuotient * (won[i]! + 1)) + 1 - pts[i]!),
    })),
  };
}
