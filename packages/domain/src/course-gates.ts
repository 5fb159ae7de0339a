/**
 * The docs/product/errors.md gates of the course centre and the house pages (decision 040): pure functions that answer
 * null (pass) or the exact status and message the API sends. The API computes the state from the database and
 * throws the answer; the web's single response handler then sends the student to their status page.
 */
import { STATUS, type GateCode } from './errors.ts';
import { MSG } from './messages.ts';
import { roundPhase } from './course-allocation.ts';

export interface GateAnswer {
  status: GateCode | typeof STATUS.MESSAGE;
  msg: string;
}

export interface PlacementState {
  tuitionPaid: boolean;
  /** The student's venue result is visible (now ≥ its publish time). */
  venueResultPublished: boolean;
  venueAssigned: boolean;
}

/**
 * Venue pages (own roster, schedule): only a paid student; before the venue result is out nobody learns their
 * venue (403-22, even when assigned); after it, a student without a venue gets 403-20.
 */
export function placeGate(s: PlacementState): GateAnswer | null {
  if (!s.tuitionPaid) return { status: STATUS.GATE_OFFER, msg: MSG.OFFER_AND_PAID_ONLY };
  if (!s.venueResultPublished) return { status: STATUS.GATE_PLACE_RESULT, msg: MSG.PLACE_RESULT_PENDING };
  if (!s.venueAssigned) return { status: STATUS.GATE_PLACE_DATA, msg: MSG.NO_PLACE };
  return null;
}

export interface CourseSelectionState extends PlacementState {
  /**
   * The selection round that governs the student's session and venue, if any (one repo function picks it for the
   * success card and the course centre). A round whose status is not `open` never opens the cart.
   */
  round: { opensAt: string; closesAt: string; status?: string } | null;
  now: string;
}

/**
 * Who may enter the course centre at all (docs/product/errors.md, the 403-30 family; decision 044): not paid → 用户尚未开放选课！;
 * venue result not out → 请在公布会场结果后选课 (before publication nobody learns whether they have a venue);
 * no venue or no session → 403-20 暂无会场信息. The course centre calls this on every request; the success card
 * calls it through courseSelectionGate. One order, one place.
 */
export function courseCentreGate(s: PlacementState): GateAnswer | null {
  if (!s.tuitionPaid) return { status: STATUS.GATE_COURSE_CART, msg: MSG.COURSE_SELECTION_NOT_OPEN_FOR_USER };
  if (!s.venueResultPublished) return { status: STATUS.GATE_COURSE_CART, msg: MSG.COURSE_AFTER_PLACE_RESULT };
  if (!s.venueAssigned) return { status: STATUS.GATE_PLACE_DATA, msg: MSG.NO_PLACE };
  return null;
}

/** The cart is open: courseCentreGate, then an open round whose window [opensAt, closesAt) holds now → else 选课未开放. */
export function courseSelectionGate(s: CourseSelectionState): GateAnswer | null {
  const access = courseCentreGate(s);
  if (access) return access;
  const r = s.round;
  if (!r || (r.status !== undefined && r.status !== 'open') || roundPhase(Date.parse(s.now), Date.parse(r.opensAt), Date.parse(r.closesAt)) !== 'open') {
    return { status: STATUS.GATE_COURSE_CART, msg: MSG.COURSE_CART_NOT_OPEN };
  }
  return null;
}

/** The student's house (reveal result, house pages): a plain message until their venue's house result is out. */
export function houseGate(s: PlacementState & { houseResultPublished: boolean; houseAssigned: boolean }): GateAnswer | null {
  const place = placeGate(s);
  if (place) return place;
  if (!s.houseResultPublished || !s.houseAssigned) return { status: STATUS.MESSAGE, msg: MSG.HOUSE_NOT_PUBLISHED };
  return null;
}

/**
 * /sorting-ceremony: the live ceremony is held at the Beijing venue only (403-23); it opens when the Beijing
 * venue's house result is published (403-21 暂未开放 before).
 */
export function beijingGate(s: PlacementState & { isBeijing: boolean; houseResultPublished: boolean }): GateAnswer | null {
  const place = placeGate(s);
  if (place) return place;
  if (!s.isBeijing) return { status: STATUS.GATE_BEIJING, msg: MSG.BEIJING_ONLY };
  if (!s.houseResultPublished) return { status: STATUS.GATE_PLACE_OPEN, msg: MSG.NOT_OPEN };
  return null;
}
