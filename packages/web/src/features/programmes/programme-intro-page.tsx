import { useLocation } from 'react-router';
import { MSG } from '@summit/domain/messages';
import { ApiError } from '../../lib/api-client.ts';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { introCodeOf } from './apply-model.ts';
import { useProgrammeContentPage } from './programme-api.ts';
import '../../components/page-document-view.css';
import './programmes.css';

/**
 * /student/{code}101 (routes.tsv: /student/sbp101): the programme's introduction for admitted students.
 * Without a released offer the API answers 仅录取用户可访问, shown here as a locked page.
 */
export default function ProgrammeIntroPage() {
  const { pathname } = useLocation();
  const code = introCodeOf(pathname) ?? '';
  const query = useProgrammeContentPage(code, 'intro');

  let body: React.ReactNode;
  let title = '项目介绍';
  if (!code) body = <EmptyState description={MSG.PAGE_NOT_FOUND} />;
  else if (query.isPending) body = <LoadingState rows={8} />;
  else if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && (error.msg === MSG.OFFER_ONLY || error.msg === MSG.DEPOSIT_REQUIRED)) {
      body = <ForbiddenState title={error.msg} detail="录取结果发布后即可查看本页内容。" />;
    } else if (error instanceof ApiError && error.msg === MSG.PROGRAMME_NOT_FOUND) {
      body = <EmptyState description={MSG.PROGRAMME_NOT_FOUND} />;
    } else body = <ErrorState detail={error instanceof ApiError ? error.msg : undefined} onRetry={() => void query.refetch()} />;
  } else {
    title = query.data.title || title;
    body = (
      <section className="programme-card">
        {/* Sanitised by the server when an admin saves it (sanitize-html). */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: query.data.html }} />
      </section>
    );
  }
  return (
    <div className="page page--narrow programme-page">
      <h1 className="page__title">{title}</h1>
      {body}
    </div>
  );
}
