/** Components the course pages embed (teacha/teachc own those pages; the integrator places these). */
export { TeacherCourseAssignments } from './teacher-course-assignments.tsx';
export { StudentCourseAssignments } from './student-course-assignments.tsx';
export { TeacherCourseGrades } from './teacher-course-grades.tsx';
export { CourseNoticeForm } from './course-notice-form.tsx';
