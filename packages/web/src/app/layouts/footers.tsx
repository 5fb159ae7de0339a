import { Link } from 'react-router';
import { PATHS } from '../paths.ts';
import type { FooterKind } from '../routes.ts';

export function DefaultFooter() {
  return (
    <footer className="footer">
      <div className="footer__inner">
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
