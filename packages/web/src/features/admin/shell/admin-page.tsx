import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MSG } from '@summit/domain/messages';
import { PATHS } from '../../../lib/paths.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { ErrorState, ForbiddenState, LoadingState } from '../../../components/page-state.tsx';
import { ADMIN_KEYS, fetchTeacherInfo } from './admin-api.ts';
import { adminTabOf, visibleAdminTabs } from './admin-format.ts';
import { ADMIN_PANEL_ID, AdminNav, adminTabId } from './admin-nav.tsx';
import './admin.css';

const ApplicationsTab = lazy(() => import('../admissions/applications-tab.tsx'));
const FinancialAidTab = lazy(() => import('../admissions/financial-aid-tab.tsx'));
const SettingsTab = lazy(() => import('../money/settings-tab.tsx'));
const TrackingTab = lazy(() => import('../site/tracking-tab.tsx'));
const ContentTab = lazy(() => import('../site/content-tab.tsx'));
const SelectionRoundsTab = lazy(() => import('../courses/selection-rounds-tab.tsx'));
const SessionsTab = lazy(() => import('../courses/sessions-tab.tsx'));
const VenuesTab = lazy(() => import('../courses/venues-tab.tsx'));
const HousesTab = lazy(() => import('../courses/houses-tab.tsx'));
// The 课程 tab holds the structure and the overview (decision 065).
const CoursesTab = lazy(() => import('../courses/courses-tab-views.tsx'));
/** Tabs registered by key (the rest are chosen below). */
const PlacementTab = lazy(() => import('../courses/placement-tab.tsx'));
const OnboardingTab = lazy(() => import('../operations/onboarding-tab.tsx'));
const ChecklistTab = lazy(() => import('../operations/checklist-tab.tsx'));
const CheckinTab = lazy(() => import('../courses/checkin-tab.tsx'));
const HouseCupTab = lazy(() => import('../operations/house-cup-tab.tsx'));
const AuditTab = lazy(() => import('../operations/audit-tab.tsx'));
const MessagesTab = lazy(() => import('../operations/messages-tab.tsx'));
const StudentsTab = lazy(() => import('../people/students-tab.tsx'));
const StaffTab = lazy(() => import('../people/staff-tab.tsx'));
const AnalyticsTab = lazy(() => import('../admissions/analytics-tab.tsx'));
const GradesTab = lazy(() => import('../courses/grades-tab.tsx'));
const SignsTab = lazy(() => import('../courses/signs-tab.tsx'));
const TimeSheetsTab = lazy(() => import('../operations/time-sheets-tab.tsx'));
const RefundsTab = lazy(() => import('../money/refunds-tab.tsx'));
const ReconciliationTab = lazy(() => import('../money/reconciliation-tab.tsx'));
const ProgrammesTab = lazy(() => import('../programmes/programmes-tab.tsx'));
const ActivitiesTab = lazy(() => import('../community/activities-tab.tsx'));
const BadgesTab = lazy(() => import('../badges/badges-tab.tsx'));
const ForumTab = lazy(() => import('../forum/forum-tab.tsx'));
const WecomSeminarTab = lazy(() => import('../wecom-seminar/wecom-seminar-tab.tsx'));
const OPERATIONS_TABS: Partial<Record<string, ComponentType>> = {
  students: StudentsTab,
  'wecom-seminar': WecomSeminarTab,
  messages: MessagesTab,
  'house-cup': HouseCupTab,
  audit: AuditTab,
  staff: StaffTab,
  analytics: AnalyticsTab,
  grades: GradesTab,
  signs: SignsTab,
  'time-sheets': TimeSheetsTab,
  refunds: RefundsTab,
  reconciliation: ReconciliationTab,
  programmes: ProgrammesTab,
  activities: ActivitiesTab,
  badges: BadgesTab,
  forum: ForumTab,
};
const STRUCTURE_TABS: Partial<Record<string, ComponentType>> = { sessions: SessionsTab, venues: VenuesTab, houses: HousesTab, courses: CoursesTab, placement: PlacementTab, 'selection-rounds': SelectionRoundsTab, onboarding: OnboardingTab, checklist: ChecklistTab, checkin: CheckinTab, ...OPERATIONS_TABS };

/** /admin and /admin/{tab} — applications and decisions, financial aid, fees and deadlines (decisions 011, 012). */
export default function AdminPage() {
  const params = useParams();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const info = useQuery({ queryKey: ADMIN_KEYS.teacher, queryFn: ({ signal }) => fetchTeacherInfo({ signal }) });
  // Only the tabs the teacher's type holds (decision 063); the server refuses the rest whatever the page shows.
  const tabs = visibleAdminTabs(info.data?.permissions ?? []);
  const tab = adminTabOf(params.tab, tabs);
  const openTab = (key: string) => void navigate(key === tabs[0]?.key ? PATHS.admin : `${PATHS.admin}/${key}`);

  let body;
  if (info.isPending) body = <LoadingState rows={6} />;
  else if (info.isError) body = <ErrorState onRetry={() => void info.refetch()} />;
  else if (tabs.length === 0) body = <ForbiddenState title={MSG.NO_PERMISSION} detail="管理后台仅对管理员和工作人员开放，请联系项目办公室开通权限。" />;
  else {
    const fallback = <LoadingState rows={6} />;
    const content = (
      <Suspense fallback={fallback}>
        {STRUCTURE_TABS[tab] ? createElement(STRUCTURE_TABS[tab]!) : tab === 'tracking' ? <TrackingTab /> : tab === 'content' ? <ContentTab /> : tab === 'applications' ? <ApplicationsTab /> : tab === 'financial-aid' ? <FinancialAidTab /> : <SettingsTab />}
      </Suspense>
    );
    body = (
      <>
        {/* Seven groups of sections (decision 088); the URL /admin/{tab} names the section, as before. */}
        <AdminNav tabs={tabs} active={tab} phone={isPhone} onOpen={openTab} />
        {isPhone ? (
          <div className="admin-panel" key={tab}>
            {content}
          </div>
        ) : (
          <div className="admin-panel" role="tabpanel" id={ADMIN_PANEL_ID} aria-labelledby={adminTabId(tab)} key={tab}>
            {content}
          </div>
        )}
      </>
    );
  }

  return (
    <div className="page admin-page">
      <h1 className="page__title">管理后台</h1>
      {body}
    </div>
  );
}
