import { PortalContentPage } from './portal-content-page.tsx';

/** /hxweek/course and /deans-list/courses: what an admitted student studies, once the deposit is paid. */
export default function PortalCoursePage() {
  return <PortalContentPage title="课程" page="course" gate="deposit" />;
}
