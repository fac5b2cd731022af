/** 'The session expired' signal, from the HTTP client to the session actor (no dependencies). */
type Listener = () => void;
const expiredListeners = new Set<Listener>();

/** Called when a signed-in call answers 401 and the session cannot be refreshed. */
export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export function notifySessionExpired(): void {
  for (const listener of expiredListeners) listener();
}
