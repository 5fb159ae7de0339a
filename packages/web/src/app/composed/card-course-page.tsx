// 我的会场与选课 with the way into 学习中心 once the student holds courses.
import CardCoursePage from '../../features/placement/card-course-page.tsx';
import { ClassHubLink } from '../../features/classes/class-hub-link.tsx';

export default function ComposedCardCoursePage() {
  return <CardCoursePage classHub={<ClassHubLink className="plc-link" testId="card-class-hub" />} />;
}
