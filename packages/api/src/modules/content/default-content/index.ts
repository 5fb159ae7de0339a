/**
 * The words every info page starts with (decisions 014, 019). Inserted at start-up for each slug that has no row yet,
 * so production without the demo seed has every page; an edited page is never overwritten.
 */
import type { DefaultPage } from './build.ts';
import { ACADEMIC_PAGES } from './academic.ts';
import { COMMUNITY_PAGES } from './community.ts';
import { HOME, HOUSE_PAGES, INNER_PAGES } from './home-and-inner.ts';
import { INSTRUCTION_PAGES } from './instructions.ts';
import { MISC_PAGES } from './misc.ts';
import { SESSION_PAGES } from './sessions.ts';
import { STUDENT_PAGES } from './student.ts';

export type { DefaultPage } from './build.ts';

export const DEFAULT_CONTENT: Readonly<Record<string, DefaultPage>> = {
  '': HOME,
  ...HOUSE_PAGES,
  ...SESSION_PAGES,
  ...INNER_PAGES,
  ...ACADEMIC_PAGES,
  ...INSTRUCTION_PAGES,
  ...COMMUNITY_PAGES,
  ...MISC_PAGES,
  ...STUDENT_PAGES,
};
