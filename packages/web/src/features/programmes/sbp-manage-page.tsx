import { PortalHub } from './portal-hub.tsx';

/** /sbp/manage: the SBP student's hub — duration, payment, weeks and announcements. */
export default function SbpManagePage() {
  return <PortalHub title="我的 SBP" payHere={false} />;
}
