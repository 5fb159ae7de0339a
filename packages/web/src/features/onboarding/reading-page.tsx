import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { PageDocumentView } from '../../components/page-document-view.tsx';
import { ONBOARDING_KEYS, fetchReading } from './onboarding-api.ts';
import { readingPageOf } from './onboarding-model.ts';
import { OnboardingNav } from './onboarding-nav.tsx';
import './onboarding.css';

/** /student/manage/orientation, /student/admission-positive, /student/elite-schools-know (content store pages). */
export default function ReadingPage() {
  const page = readingPageOf(useLocation().pathname);
  const query = useQuery({ queryKey: ONBOARDING_KEYS.reading(page.slug), queryFn: ({ signal }) => fetchReading(page.slug, signal) });
  return (
    <div className="onb-page">
      {page.slug === 'student/manage/orientation' ? <OnboardingNav /> : null}
      {query.isPending ? (
        <LoadingState rows={8} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.locked || !query.data.page ? (
        <>
          <h1>{page.title}</h1>
          <ForbiddenState title="内容未解锁" detail={query.data.msg ?? '暂无内容'} />
        </>
      ) : (
        <div className="onb-reading" data-testid="reading">
          <PageDocumentView document={query.data.page.document} />
        </div>
      )}
    </div>
  );
}
