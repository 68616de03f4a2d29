import { useEffect } from 'react';

/** Sets the browser tab's title for the current page (WCAG 2.4.2: pages have titles). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
