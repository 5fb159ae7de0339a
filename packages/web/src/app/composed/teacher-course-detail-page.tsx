// The teacher's course page with the coursework module's sections (docs/design.md §2 rule 3: app/ composes features).
import CourseDetailPage from '../../features/teaching/course-detail-page.tsx';
import { CourseNoticeForm, TeacherCourseAssignments, TeacherCourseGrades } from '../../features/coursework/index.ts';

const coursework = (courseId: number) => (
  <>
    <TeacherCourseAssignments courseId={courseId} />
    <TeacherCourseGrades courseId={courseId} />
    <CourseNoticeForm courseId={courseId} />
  </>
);

export default function TeacherCourseDetailPage() {
  return <CourseDetailPage coursework={coursework} />;
}
