// 我的账户 with a student's way into 学习中心 once they hold courses, the other programmes (decision 075), and the
// 微信登录 binding (decision 069).
import AccountPage from '../../features/profile/account-page.tsx';
import { ClassHubLink } from '../../features/classes/class-hub-link.tsx';
import { WechatBindingCard } from '../../features/wechat/wechat-binding-card.tsx';
import { MyProgrammesCard } from '../../features/programmes/my-programmes-card.tsx';

export default function ComposedAccountPage() {
  return <AccountPage classHub={<ClassHubLink asButton testId="account-class-hub" />} wechatCard={<WechatBindingCard />} programmesCard={<MyProgrammesCard />} />;
}
