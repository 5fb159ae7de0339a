import { Link } from 'react-router';
import { useHomePath } from './use-home-path.ts';
import './not-found-view.css';

/**
 * 页面不存在: the router's 404 fallback and an info page whose content does not exist show the same thing.
 * Plain markup so an unknown link costs almost nothing to render. 返回首页 leads to the person's own home
 * (student /account, teacher /teacher, admin /admin, visitor /); there is nothing to retry on a 404.
 */
export function NotFoundView() {
  const home = useHomePath();
  return (
    <div className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">页面不存在</h1>
      <p className="not-found__text">您访问的页面不存在或已被移除，请检查地址是否正确。</p>
      <Link to={home} className="not-found__home">
        返回首页
      </Link>
    </div>
  );
}
