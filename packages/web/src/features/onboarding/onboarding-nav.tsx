import { Link, useLocation } from 'react-router';
import { OFFERING_PAGES, READING_PAGES } from './onboarding-model.ts';

/** The onboarding pages side by side (scrolls sideways on a phone). */
export function OnboardingNav() {
  const here = useLocation().pathname.replace(/\/+$/, '');
  const links = [...OFFERING_PAGES.map((p) => ({ path: p.path, title: p.title })), { path: READING_PAGES[0]!.path, title: READING_PAGES[0]!.title }];
  return (
    <nav className="onb-nav" aria-label="入学事项">
      {links.map((l) => (
        <Link key={l.path} to={l.path} aria-current={l.path === here ? 'page' : undefined}>
          {l.title}
        </Link>
      ))}
    </nav>
  );
}
