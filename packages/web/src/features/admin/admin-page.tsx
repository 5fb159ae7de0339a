import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { Select, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MSG } from '@summit/domain';
import { PATHS } from '../../app/paths.ts';
import { useIsPhone } from '../../lib/use-is-phone.ts';
import { ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { ADMIN_KEYS, fetchTeacherInfo } from './admin-api.ts';
import { ADMIN_TABS, adminTabOf } from './admin-format.ts';
import './admin.css';

const ApplicationsTab = lazy(() => import('./applications-tab.tsx'));
const FinancialAidTab = lazy(() => import('./financial-aid-tab.tsx'));
const SettingsTab = lazy(() => import('./settings-tab.tsx'));
const TrackingTab = lazy(() => import('./tracking-tab.tsx'));
const ContentTab = lazy(() => import('./content-tab.tsx'));
const SelectionRoundsTab = lazy(() => import('./selection-rounds-tab.tsx'));
const SessionsTab = lazy(() => import('./sessions-tab.tsx'));
const VenuesTab = lazy(() => import('./venues-tab.tsx'));
const HousesTab = lazy(() => import('./houses-tab.tsx'));
const CoursesTab = lazy(() => import('./courses-tab.tsx'));
/** Tabs registered by key (the rest are chosen below). */
const PlacementTab = lazy(() => import('./placement-tab.tsx'));
const OnboardingTab = lazy(() => import('./onboarding-tab.tsx'));
const ChecklistTab = lazy(() => import('./checklist-tab.tsx'));
const CheckinTab = lazy(() => import('./checkin-tab.tsx'));
const HouseCupTab = lazy(() => import('./house-cup-tab.tsx'));
const AuditTab = lazy(() => import('./audit-tab.tsx'));
const MessagesTab = lazy(() => import('./messages-tab.tsx'));
const StudentsTab = lazy(() => import('./students-tab.tsx'));
const OPERATIONS_TABS: Partial<Record<string, ComponentType>> = { students: StudentsTab, messages: MessagesTab, 'house-cup': HouseCupTab, audit: AuditTab };
const STRUCTURE_TABS: Partial<Record<string, ComponentType>> = { sessions: SessionsTab, venues: VenuesTab, houses: HousesTab, courses: CoursesTab, placement: PlacementTab, 'selection-rounds': SelectionRoundsTab, onboarding: OnboardingTab, checklist: ChecklistTab, checkin: CheckinTab, ...OPERATIONS_TABS };

/** /admin and /admin/{tab} — applications and decisions, financial aid, fees and deadlines (issue 3 items 3 and 5). */
export default function AdminPage() {
  const params = useParams();
  const navigate = useNavigate();
  const tab = adminTabOf(params.tab);
  const isPhone = useIsPhone();
  const openTab = (key: string) => void navigate(key === 'applications' ? PATHS.admin : `${PATHS.admin}/${key}`);
  const info = useQuery({ queryKey: ADMIN_KEYS.teacher, queryFn: ({ signal }) => fetchTeacherInfo({ signal }) });

  let body;
  if (info.isPending) body = <LoadingState rows={6} />;
  else if (info.isError) body = <ErrorState onRetry={() => void info.refetch()} />;
  else if (!info.data.is_admin) body = <ForbiddenState title={MSG.NO_PERMISSION} detail="管理后台仅对管理员开放，请联系项目办公室开通权限。" />;
  else {
    const fallback = <LoadingState rows={6} />;
    body = (
      <Tabs
        activeKey={tab}
        onChange={openTab}
        // At 375 px five tab labels do not fit and antd hides the rest behind "…": a phone gets one full-width
        // select instead, every section one tap away (issue 10 item 8).
        {...(isPhone
          ? {
              renderTabBar: () => (
                <Select
                  className="admin-tab-select"
                  aria-label="管理模块"
                  value={tab}
                  onChange={openTab}
                  options={ADMIN_TABS.map((t) => ({ value: t.key, label: t.label }))}
                />
              ),
            }
          : {})}
        items={ADMIN_TABS.map((t) => ({
          key: t.key,
          label: t.label,
          children:
            t.key !== tab ? null : (
              <Suspense fallback={fallback}>
                {STRUCTURE_TABS[t.key] ? createElement(STRUCTURE_TABS[t.key]!) : t.key === 'tracking' ? <TrackingTab /> : t.key === 'content' ? <ContentTab /> : t.key === 'applications' ? <ApplicationsTab /> : t.key === 'financial-aid' ? <FinancialAidTab /> : <SettingsTab />}
              </Suspense>
            ),
        }))}
      />
    );
  }

  return (
    <div className="page admin-page">
      <h1 className="page__title">管理后台</h1>
      {body}
    </div>
  );
}
