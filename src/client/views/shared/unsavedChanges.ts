/**
 * Warnings before leaving a screen with unsaved changes: the browser's own prompt on reload or
 * close, and a blocker for in-app links with the shape of react-router's data-router blocker
 * (`state`, `proceed`, `reset`), so a screen can ask in its own dialog. The declarative router
 * has no blocker of its own; in-app links are caught in the capture phase, before React Router.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export interface LinkBlocker {
  state: 'blocked' | 'unblocked';
  proceed: () => void;
  reset: () => void;
}

export function useLinkBlocker(when: boolean): LinkBlocker {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || anchor.getAttribute('target') === '_blank') return;
      const url = new URL((anchor as HTMLAnchorElement).href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
    };
  }, [when]);

  const proceed = useCallback(() => {
    const target = pending;
    setPending(null);
    if (target) navigate(target);
  }, [pending, navigate]);
  const reset = useCallback(() => setPending(null), []);

  return { state: pending && when ? 'blocked' : 'unblocked', proceed, reset };
}
