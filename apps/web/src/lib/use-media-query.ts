import { useSyncExternalStore } from 'react';

/** Whether `query` matches now, kept up to date as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The specification's small-screen breakpoint: under 768 px window width. */
export const NARROW_SCREEN = '(max-width: 767.98px)';
