import { lazy, Suspense } from 'react';
import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/page-state.tsx';

const CoursesTab = lazy(() => import('./courses-tab.tsx'));
const CoursesOverview = lazy(() => import('./courses-overview.tsx').then((m) => ({ default: m.CoursesOverview })));

/**
 * 课程: the course structure (create, import, edit) and the overview of how each course is running (decision 065).
 * The view is in the address (?view=overview) so a link or a reload keeps it.
 */
export default function CoursesTabViews() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'overview' ? 'overview' : 'structure';
  return (
    <div className="admin-ops">
      <Segmented
        aria-label="课程视图"
        value={view}
        onChange={(v) => setParams(v === 'overview' ? { view: 'overview' } : {}, { replace: true })}
        options={[
          { value: 'structure', label: '课程设置' },
          { value: 'overview', label: '课程概览' },
        ]}
      />
      <Suspense fallback={<LoadingState rows={6} />}>{view === 'overview' ? <CoursesOverview /> : <CoursesTab />}</Suspense>
    </div>
  );
}
