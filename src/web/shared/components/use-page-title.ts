import { useEffect } from 'react';

/** Names the browser tab after the page, so history and screen readers say where the user is. */
export function usePageTitle(pageName: string): void {
  useEffect(() => {
    document.title = `${pageName} | TEMO Dealer Portal`;
  }, [pageName]);
}
