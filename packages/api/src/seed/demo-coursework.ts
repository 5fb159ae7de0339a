/** Demo course work (decision 052): a couple of assignments and a grade scheme on 王老师's courses. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courses } from '../db/schema-courses.ts';
import { assignments, gradeComponents } from '../db/schema-coursework.ts';

const DAY = 86_400_000;

export async function seedDemoCoursework(tx: Db, options: { now: Date }): Promise<void> {
  const rows = await tx.select({ id: courses.id, code: courses.code }).from(courses).where(inArray(courses.code, ['MAJ-HUM-101', 'CW-02']));
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  const hum = idOf.get('MAJ-HUM-101');
  const cw = idOf.get('CW-02');
  const due = new Date(options.now.getTime() + 14 * DAY);
  if (hum !== undefined && (await tx.select({ id: assignments.id }).from(assignments).where(eq(assignments.courseId, hum)).limit(1)).length === 0) {
    await tx.insert(assignments).values({
      courseId: hum,
      title: '观察日记：身边的社会结构',
      instructions: '<p>观察一个日常场景（食堂、地铁、家庭聚会），用<strong>500–800字</strong>描述其中的角色与规则。</p><ul><li>写明观察时间与地点</li><li>至少用到一个课上讲过的概念</li></ul>',
      dueAt: due,
      allowedTypes: ['pdf', 'doc', 'docx'],
      maxSizeMb: 10,
      maxScore: 100,
      rubric: [
        { name: '观察细致', points: 40 },
        { name: '概念运用', points: 40 },
        { name: '表达清晰', points: 20 },
      ],
      createdAt: options.now,
      updatedAt: options.now,
    });
    await tx.insert(gradeComponents).values([
      { courseId: hum, name: '平时作业', weight: 40, sort: 0 },
      { courseId: hum, name: '课堂参与', weight: 20, sort: 1 },
      { courseId: hum, name: '期末论文', weight: 40, sort: 2 },
    ]);
  }
  if (cw !== undefined && (await tx.select({ id: assignments.id }).from(assignments).where(and(eq(assignments.courseId, cw))).limit(1)).length === 0) {
    await tx.insert(assignments).values({
      courseId: cw,
      title: '论证分析练习',
      instructions: '<p>找一篇社论，指出其中的主要论点、隐含假设和一处可能的逻辑谬误。</p>',
      dueAt: new Date(due.getTime() - 7 * DAY),
      allowedTypes: ['pdf', 'jpg', 'jpeg', 'png'],
      maxSizeMb: 5,
      maxScore: 10,
      rubric: [],
      createdAt: options.now,
      updatedAt: options.now,
    });
  }
}
