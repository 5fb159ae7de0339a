import type { CentreCourse } from '@summit/domain/api/course-centre';
import { COURSE_CENTRE_MSG, cornerstoneShortfall, findClash, seatRuleViolation, type HeldCourse } from '@summit/domain/course-allocation';

/** A cart course in the domain's terms (meetings as epoch intervals), for the domain's own seat rules. */
export function asHeld(c: Pick<CentreCourse, 'id' | 'title' | 'category' | 'meetings'>): HeldCourse {
  return { id: c.id, title: c.title, category: c.category, meetings: c.meetings.map((m) => ({ start: Date.parse(m.starts_at), end: Date.parse(m.ends_at) })) };
}

export interface CartLineCheck {
  course: CentreCourse;
  /** Why submitting this line would fail as things stand (already held, full, a clash, the FC cap), or null. */
  problem: string | null;
}

export interface CartCheck {
  lines: CartLineCheck[];
  /** One sentence per pair of cart courses whose meetings overlap (the domain's clash rule, decision 041). */
  clashes: string[];
  /** 请至少选择2门基石工作坊后再提交 when the round offers workshops and too few would be held, else null. */
  cornerstone: string | null;
  /** Cornerstone Workshops held, plus those in the cart that can still be taken: what the minimum counts. */
  cornerstoneCount: number;
}

/**
 * What the student should know before pressing 提交 (decision 085): the cart is submitted in its order, each line a
 * grab, so a line that clashes with a held course or with an earlier cart line, is full, or passes the FC cap will
 * fail. Such a line is never counted as chosen: the Cornerstone minimum counts held workshops and the cart's
 * workshops that can still succeed. The server checks everything again; this only moves its answers before the press.
 */
export function checkCart(cart: readonly CentreCourse[], held: readonly CentreCourse[], offersWorkshops: boolean): CartCheck {
  const taken: HeldCourse[] = held.map(asHeld);
  const lines: CartLineCheck[] = [];
  const clashes: string[] = [];
  const cartSoFar: HeldCourse[] = [];
  for (const course of cart) {
    const candidate = asHeld(course);
    const earlier = findClash(candidate, cartSoFar);
    if (earlier) clashes.push(`《${earlier.title}》与《${course.title}》时间冲突，按顺序提交只会选上排在前面的《${earlier.title}》`);
    cartSoFar.push(candidate);
    let problem: string | null = course.enrolled ? COURSE_CENTRE_MSG.ALREADY_ENROLLED : seatRuleViolation(candidate, taken);
    if (!problem && course.seats_left <= 0) problem = COURSE_CENTRE_MSG.FULL;
    if (!problem) taken.push(candidate);
    lines.push({ course, problem });
  }
  const categories = taken.map((c) => c.category);
  const cornerstoneCount = categories.filter((c) => c === 'cw').length;
  return { lines, clashes, cornerstone: offersWorkshops && cornerstoneShortfall(categories) > 0 ? COURSE_CENTRE_MSG.CW_MIN : null, cornerstoneCount };
}
