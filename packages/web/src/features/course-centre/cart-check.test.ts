import { describe, expect, it } from 'vitest';
import type { CentreCourse } from '@summit/domain/api/course-centre';
import { COURSE_CENTRE_MSG } from '@summit/domain/course-allocation';
import { checkCart } from './cart-check.ts';

let nextId = 1;
const course = (title: string, hour: number, over: Partial<CentreCourse> = {}): CentreCourse => ({
  id: nextId++,
  code: title,
  title,
  teacher_name: '',
  category: 'major',
  session_key: 'first',
  period: 1,
  language: 'zh',
  capacity: 20,
  seats_left: 10,
  description: '',
  syllabus: '',
  meetings: [{ starts_at: `2026-08-11T${String(hour).padStart(2, '0')}:00:00Z`, ends_at: `2026-08-11T${String(hour + 1).padStart(2, '0')}:30:00Z`, location: '' }],
  clashes_with: null,
  in_cart: true,
  in_wish: false,
  enrolled: false,
  waitlisted: false,
  ...over,
});

describe('the cart before submitting', () => {
  it('warns when two cart courses overlap, naming the one the cart order keeps', () => {
    const a = course('天文', 1);
    const b = course('生物', 2); // 02:00 starts before 天文 ends at 02:30
    const c = course('历史', 4);
    const check = checkCart([a, b, c], [], false);
    expect(check.clashes).toEqual(['《天文》与《生物》时间冲突，按顺序提交只会选上排在前面的《天文》']);
    expect(check.lines.map((l) => l.problem)).toEqual([null, `${COURSE_CENTRE_MSG.CLASH_PREFIX}《天文》`, null]);
  });

  it('touching meetings do not clash (the domain rule: half-open intervals)', () => {
    const a = course('天文', 1, { meetings: [{ starts_at: '2026-08-11T01:00:00Z', ends_at: '2026-08-11T02:00:00Z', location: '' }] });
    const b = course('生物', 2);
    expect(checkCart([a, b], [], false).clashes).toEqual([]);
  });

  it('a line that clashes with a held course or is full is a problem', () => {
    const held = course('已选', 6, { enrolled: true, in_cart: false });
    const check = checkCart([course('冲突', 6), course('满员', 9, { seats_left: 0 })], [held], false);
    expect(check.lines.map((l) => l.problem)).toEqual([`${COURSE_CENTRE_MSG.CLASH_PREFIX}《已选》`, COURSE_CENTRE_MSG.FULL]);
  });

  it('asks for the Cornerstone minimum only in a round that offers workshops', () => {
    const cw = course('工作坊一', 10, { category: 'cw' });
    expect(checkCart([cw], [], true)).toMatchObject({ cornerstone: COURSE_CENTRE_MSG.CW_MIN, cornerstoneCount: 1 });
    expect(checkCart([cw], [], false).cornerstone).toBeNull();
    const heldCw = course('工作坊二', 12, { category: 'cw', enrolled: true, in_cart: false });
    expect(checkCart([cw], [heldCw], true)).toMatchObject({ cornerstone: null, cornerstoneCount: 2 });
  });

  it('never counts a cart line that will fail as chosen', () => {
    const heldCw = course('工作坊二', 12, { category: 'cw', enrolled: true, in_cart: false });
    const fullCw = course('工作坊三', 14, { category: 'cw', seats_left: 0 });
    const clashingCw = course('工作坊四', 12, { category: 'cw' });
    expect(checkCart([fullCw, clashingCw], [heldCw], true)).toMatchObject({ cornerstone: COURSE_CENTRE_MSG.CW_MIN, cornerstoneCount: 1 });
  });
});
