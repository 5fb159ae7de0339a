import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { CourseNav } from './course-nav.tsx';
import { TimetableView } from './timetable.tsx';
import { CC_KEYS, fetchMy } from './course-centre-api.ts';
import './course-centre.css';

/**
 * /schedule/{place?}: the timetable of a venue and session; for a student it is their own (decision 041), and a
 * place in the path that is not theirs says so instead of showing another venue's students' classes.
 */
export default function SchedulePage() {
  const place = useParams().place;
  const my = useQuery({ queryKey: CC_KEYS.my, queryFn: ({ signal }) => fetchMy(signal) });
  let body;
  if (my.isPending) body = <LoadingState rows={6} />;
  else if (my.isError) body = <ErrorState onRetry={() => void my.refetch()} />;
  else
    body = (
      <>
        <p className="adm-muted">
          {my.data.venue.name} · {SESSION_NAMES[my.data.session_key]}
          {place && place !== my.data.venue.place_name ? '（你只能查看自己会场的课表）' : ''}
        </p>
        <section className="cc-section">
          <TimetableView courses={my.data.courses} />
        </section>
      </>
    );
  return (
    <div className="cc-page">
      <h1 className="page__title">课表</h1>
      <CourseNav />
      {body}
    </div>
  );
}
