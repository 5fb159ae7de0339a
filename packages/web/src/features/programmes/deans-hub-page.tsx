import { PortalHub } from './portal-hub.tsx';

/** /deans-list: apply, the application's state, or (admitted) the offer, the checklist and the deposit. */
export default function DeansHubPage() {
  return <PortalHub title="Dean's List" payHere />;
}
