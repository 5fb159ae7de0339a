// The student's course page with their attendance (teaching) and the assignments (coursework).
import ClassCoursePage, { type ClassCourseEmbeds } from '../../features/classes/class-course-page.tsx';
import { StudentCourseAssignments } from '../../features/coursework/index.ts';
import { StudentCourseAttendance } from '../../features/teaching/student-course-attendance.tsx';

const embeds: ClassCourseEmbeds = {
  attendance: (courseId) => <StudentCourseAttendance courseId={courseId} />,
  assignments: (courseId) => <StudentCourseAssignments courseId={courseId} />,
};

export default function ComposedClassCoursePage() {
  return <ClassCoursePage embeds={embeds} />;
}
