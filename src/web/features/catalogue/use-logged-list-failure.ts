import { useEffect } from 'react';

/** Spec 1 §8: marketing and display failures are logged and the loading state ends (no toast). */
export function useLoggedListFailure(error: Error | null, what: string): void {
  useEffect(() => {
    if (error) console.error(`Failed to fetch ${what}`, error);
  }, [error, what]);
}
