/**
 * A warning before leaving a screen with unsaved changes: the browser's own prompt on reload or
 * close, and a confirmation before following an in-app link. (The declarative router has no
 * navigation blocker, so in-app links are checked in the capture phase, before React Router.)
 */
import { useEffect } from 'react';

export function useUnsavedChangesWarning(dirty: boolean, question: string): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || anchor.getAttribute('target') === '_blank') return;
      if (!window.confirm(question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
    };
  }, [dirty, question]);
}
