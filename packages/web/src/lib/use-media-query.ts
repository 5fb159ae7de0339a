import { useCallback, useSyncExternalStore } from 'react';

/** True while the CSS media query matches, following resizes, rotation and system setting changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** The user asked the system for less motion: antd's animations and our own transitions stay still. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
