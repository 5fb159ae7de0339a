import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { TeachingNav } from '../../features/teaching/teaching-nav.tsx';
import '../../features/teaching/teaching.css';
import './nav.css';

/**
 * The teacher area's tabs under the navy bar of every teacher and staff page (decision 088). On a phone they are one
 * row that scrolls sideways, brought round so the page's own tab is in view.
 */
export default function StaffNav() {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const row = ref.current?.querySelector<HTMLElement>('.teach-nav');
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = Math.max(0, current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2);
  }, [pathname]);
  return (
    <div className="staff-nav" ref={ref}>
      <div className="staff-nav__inner">
        <TeachingNav />
      </div>
    </div>
  );
}
