import type { NavItem } from './nav-model.ts';

/** Line icons of the tab bar, 24 px on a 24 grid, drawn in the text colour. */
const PATHS_BY_KEY: Record<NavItem['key'], string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5',
  programme: 'M4 7h16v12H4zM9 7V4.5h6V7M4 12h16',
  checklist: 'M6 3.5h12v17H6zM9 8.5l1.5 1.5L13 7.5M9 14.5l1.5 1.5 2.5-2.5',
  courses: 'M4 5h7v14H4zM13 5h7v14h-7zM6.5 9h2M15.5 9h2',
  learning: 'M2.5 9 12 4.5 21.5 9 12 13.5zM6.5 11v5c3 2.5 8 2.5 11 0v-5',
  calendar: 'M4 6h16v14H4zM4 10h16M8.5 3.5v4M15.5 3.5v4',
  activities: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  messages: 'M4 5h16v11H9l-5 4z',
};

export function NavIcon({ name }: { name: NavItem['key'] }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS_BY_KEY[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
