/**
 * Focus to the new screen's heading (issue 30 §4, WCAG 2.4.3): after the portal's login and after
 * each step change, a screen reader starts reading at the step's title instead of the page top,
 * and a keyboard user tabs on from there. The container's first heading (h1 or h2) gets
 * tabIndex -1 (focusable by script only, never a Tab stop) and the focus, every time `key` changes.
 */
import { type RefObject, useEffect, useRef } from 'react';

export function useHeadingFocus<T extends HTMLElement>(key: unknown): RefObject<T | null> {
  const container = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what the focus follows, read by nothing inside.
  useEffect(() => {
    const heading = container.current?.querySelector<HTMLElement>('h1, h2');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [key]);
  return container;
}
