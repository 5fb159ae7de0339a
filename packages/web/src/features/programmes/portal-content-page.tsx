import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PORTAL_KEYS, fetchProgrammePage } from './portal-api.ts';
import { PortalHtml, PortalPage, type PortalGate } from './portal-shell.tsx';

function PageBody({ code, page }: { code: string; page: 'course' | 'announcement' }) {
  const query = useQuery({ queryKey: PORTAL_KEYS.page(code, page), queryFn: () => fetchProgrammePage(code, page), retry: false });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return <PortalHtml html={query.data.html} label={query.data.title} />;
}

/** A programme's content page (course: behind the deposit; announcement: behind the offer). */
export function PortalContentPage({ title, page, gate }: { title: string; page: 'course' | 'announcement'; gate: PortalGate }) {
  return <PortalPage title={title} gate={gate}>{(portal) => <PageBody code={portal.code} page={page} />}</PortalPage>;
}
