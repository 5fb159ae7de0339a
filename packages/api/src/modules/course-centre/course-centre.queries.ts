/** The course centre's published reads and seat writes, for the course admin and placement. */
export { dropSeat, findCourse, findLiveSelectionRound, takeSeat, type CourseRow } from './course-centre.repo.ts';
