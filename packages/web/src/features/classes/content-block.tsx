import { useQuery } from '@tanstack/react-query';
import { publicPageSchema } from '@summit/domain/content';
import { PageDocumentView } from '../../components/page-document-view.tsx';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { api } from '../../lib/api-client.ts';

/** A published content-store page shown inside a class page (the static part, edited by staff in /admin). */
export function ContentBlock({ slug }: { slug: string }) {
  const query = useQuery({ queryKey: ['classes', 'content', slug], queryFn: ({ signal }) => api.get('/content/pages', { query: { slug }, schema: publicPageSchema, quiet: true, signal }) });
  if (query.isPending) return <LoadingState rows={3} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return <PageDocumentView document={query.data.document} />;
}
