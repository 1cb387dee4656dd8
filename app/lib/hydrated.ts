import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False while rendering on the server and during hydration, true after: for parts that need the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
