/** Components the course pages embed: app/composed/ places them in the teaching and classes pages (features do not import features). */
export { TeacherCourseAssignments } from './teacher-course-assignments.tsx';
export { StudentCourseAssignments } from './student-course-assignments.tsx';
export { TeacherCourseGrades } from './teacher-course-grades.tsx';
export { CourseNoticeForm } from './course-notice-form.tsx';
