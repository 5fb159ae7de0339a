import { Link } from 'react-router';
import { siteMapFor } from '@summit/domain/site-map';
import { useSiteVariant } from '../../lib/site-variant.ts';
import { PATHS } from '../../lib/paths.ts';
import type { FooterKind } from '../routes.ts';

/**
 * Every info page, grouped (domain site-map.ts), without the AMC-hidden ones on that variant. The server's
 * prerendered footer draws the same map (api content-html.ts).
 */
function SiteMap() {
  const { amc } = useSiteVariant();
  return (
    <nav className="footer__map" aria-label="网站导航">
      {siteMapFor(amc).map((group) => (
        <div key={group.title} className="footer__group">
          <p className="footer__group-title">{group.title}</p>
          <ul className="footer__group-links">
            {group.links.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{link.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function DefaultFooter() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <SiteMap />
        <div className="footer__brand">
          <strong>Summit 高中生夏季学术项目</strong>
          <span>面向高中生的线上暑期学术课程</span>
        </div>
        <nav className="footer__links" aria-label="页脚">
          <Link to={PATHS.agreement}>用户协议</Link>
          <Link to={PATHS.privacy}>隐私政策</Link>
        </nav>
        <div className="footer__copy">© {new Date().getFullYear()} Summit 高中生夏季学术项目</div>
      </div>
    </footer>
  );
}

export function NoneFooter() {
  return null;
}

export function Footer({ kind }: { kind: FooterKind }) {
  return kind === 'default' ? <DefaultFooter /> : <NoneFooter />;
}
