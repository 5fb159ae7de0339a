import { useSyncExternalStore } from 'react';

// Whether the visitor has done anything on the page yet (scrolled, tapped, pressed a key). The one-time
// online notice waits for it (decision 018): it does not cover a page the visitor has not seen yet, and the
// page's own content, not the notice, is what a phone paints first.

const EVENTS = ['pointerdown', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

let interacted = false;
const listeners = new Set<() => void>();

function mark(): void {
  if (interacted) return;
  interacted = true;
  for (const type of EVENTS) window.removeEventListener(type, mark, true);
  for (const listener of listeners) listener();
}

/** Starts watching (main.tsx). A page already scrolled when the app arrives counts as touched. */
export function watchFirstInteraction(): void {
  if (interacted || typeof window === 'undefined') return;
  if (window.scrollY > 0) {
    mark();
    return;
  }
  for (const type of EVENTS) window.addEventListener(type, mark, { capture: true, passive: true });
}

export function hasInteracted(): boolean {
  return interacted;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFirstInteraction(): boolean {
  return useSyncExternalStore(subscribe, hasInteracted, () => false);
}
