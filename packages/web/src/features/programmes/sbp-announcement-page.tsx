import { PortalContentPage } from './portal-content-page.tsx';

/** /sbp/announcement: the programme's announcements for admitted students. */
export default function SbpAnnouncementPage() {
  return <PortalContentPage title="项目公告" page="announcement" gate="offer" />;
}
