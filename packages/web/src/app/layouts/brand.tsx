import { Link } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { useHomePath } from '../../components/use-home-path.ts';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1b365d" />
      <path d="M12 46 L28 20 L36 32 L42 24 L52 46 Z" fill="#f7f4ef" />
      <circle cx="46" cy="16" r="4" fill="#c8a45c" />
    </svg>
  );
}

/**
 * Logo and product name; the long name hides on narrow screens (CSS) to leave room for actions. It leads to the
 * person's own home (decision 088): a student's 我的账户, a teacher's 教师中心, an admin's console; a visitor's
 * is the site's home page.
 */
export function Brand({ inverted = false }: { inverted?: boolean }) {
  const home = useHomePath();
  const label = home === PATHS.home ? 'Summit 高中生夏季学术项目 首页' : 'Summit 高中生夏季学术项目 我的首页';
  return (
    <Link to={home} className={inverted ? 'brand brand--inverted' : 'brand'} aria-label={label}>
      <BrandMark />
      <span className="brand__name">Summit</span>
      <span className="brand__full">高中生夏季学术项目</span>
    </Link>
  );
}
