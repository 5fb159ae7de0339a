/** The students module's published segment queries (who a message goes to). */
export { countSegment, segmentWhere } from './students.repo.ts';
