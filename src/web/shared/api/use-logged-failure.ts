import { useEffect } from 'react';

/** Logs a failed load once per error; the page then shows Loading... or nothing, as the spec asks. */
export function useLoggedFailure(error: Error | null, what: string): void {
  useEffect(() => {
    if (error) console.error(`Failed to load the ${what}`, error);
  }, [error, what]);
}
