import { PortalHub } from './portal-hub.tsx';

/** /programmes/{code}: the hub of a programme an admin added — apply, its state, then the offer, checklist and payment. */
export default function ProgrammeHubPage() {
  return <PortalHub title="我的项目" payHere />;
}
