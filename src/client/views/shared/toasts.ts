/**
 * Success notifications (issue 18): a tiny store the views push to after a save, a delete or an
 * action, read by the shell's toast region (ToastRegion). Each toast leaves after a few seconds
 * or when closed.
 */
export interface Toast {
  id: number;
  text: string;
}

const SHOWN_MS = 5_000;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

export function notifySuccess(text: string): void {
  const id = nextId++;
  // At most three at once: the oldest leaves first.
  publish([...toasts.slice(-2), { id, text }]);
  setTimeout(() => dismissToast(id), SHOWN_MS);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
