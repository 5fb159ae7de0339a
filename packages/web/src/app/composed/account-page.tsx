// 我的账户 with a student's way into 学习中心 once they hold courses, the other programmes (decision 075), and the
// 微信登录 binding (decision 069). It leads with what the student is doing (decision 088): a student admitted to
// another programme who has not begun the summer one sees that programme first, its next step one tap away.
import { useQuery } from '@tanstack/react-query';
import { studentStatusSchema } from '@summit/domain/student-status';
import AccountPage from '../../features/profile/account-page.tsx';
import { ClassHubLink } from '../../features/classes/class-hub-link.tsx';
import { WechatBindingCard } from '../../features/wechat/wechat-binding-card.tsx';
import { MyProgrammesCard } from '../../features/programmes/my-programmes-card.tsx';
import { useMyProgrammes } from '../../features/programmes/programme-api.ts';
import { portalHubPathOf } from '../../features/programmes/portal-links.ts';
import { api } from '../../lib/api-client.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { summerProgrammeUntouched } from '../../lib/home-path.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { admittedProgrammeHub } from '../nav/nav-model.ts';

/** True when another programme is what this student is doing: admitted there, the summer programme untouched. */
function useLeadsWithProgramme(): boolean {
  const student = authStorage.isLoggedInAs('student');
  const status = useQuery({
    queryKey: SESSION_KEYS.studentStatus,
    queryFn: ({ signal }) => api.get('/student/status', { schema: studentStatusSchema, signal, quiet: true }),
    enabled: student,
  });
  const programmes = useMyProgrammes();
  if (!student || !status.data || !programmes.data) return false;
  return summerProgrammeUntouched(status.data) && admittedProgrammeHub(programmes.data, portalHubPathOf) !== null;
}

export default function ComposedAccountPage() {
  const programmeFirst = useLeadsWithProgramme();
  return (
    <AccountPage
      classHub={<ClassHubLink asButton testId="account-class-hub" />}
      wechatCard={<WechatBindingCard />}
      programmesCard={<MyProgrammesCard title={programmeFirst ? '我的项目' : '其他项目'} />}
      programmesFirst={programmeFirst}
    />
  );
}
