import { Navigate } from 'react-router';
import { PortalPage } from './portal-shell.tsx';

/**
 * /deans-list/pay: where the payment provider sends the Dean's List payer back (the API's return path is
 * /{code}/pay). The deposit is paid on the hub, the final payment on its own page: go to whichever is next.
 */
export default function PayReturnPage() {
  return (
    <PortalPage title="缴费" gate="offer">
      {(portal, links) => <Navigate to={portal.next_kind === 'final' && links.final ? links.final : links.hub} replace />}
    </PortalPage>
  );
}
