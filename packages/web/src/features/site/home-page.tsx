import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PageDocument } from '@summit/domain/content';
import { PATHS } from '../../lib/paths.ts';
import { PageDocumentView } from '../../components/page-document-view.tsx';
import { authStorage } from '../../lib/auth-storage.ts';
import { publicPageQuery } from './site-api.ts';
import { SitePageLoading } from './site-states.tsx';
import './site.css';

/**
 * What `/` shows when the content store cannot be read: the programme's name and the way in. The home page
 * is never an error screen — a visitor can always register or log in.
 */
export const HOME_FALLBACK: PageDocument = {
  hero: { title: 'Summit 高中生夏季学术项目', subtitle: '和一流学者同行，用一个夏天完成一次真正的学术探索。' },
  sections: [],
};

/** `/`: the home page's words from the content store (slug ''), with the register / login calls to action. */
export default function HomePage() {
  const page = useQuery(publicPageQuery(''));
  if (page.isPending) return <SitePageLoading />;
  const document = page.isError ? HOME_FALLBACK : page.data.document;
  return <PageDocumentView document={document} heroActions={<HomeActions />} />;
}

function HomeActions() {
  const loggedIn = Boolean(authStorage.currentToken());
  if (loggedIn) {
    return (
      <Link to={PATHS.account} className="site-button site-button--gold">
        进入个人中心
      </Link>
    );
  }
  return (
    <>
      <Link to={PATHS.register} className="site-button site-button--gold">
        注册
      </Link>
      <Link to={PATHS.login} className="site-button site-button--ghost">
        登录
      </Link>
    </>
  );
}
