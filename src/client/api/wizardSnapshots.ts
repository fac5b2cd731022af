/**
 * Where a wizard keeps its persisted snapshot in the browser (sessionStorage: this tab only), so a
 * reload resumes it: the refund wizard (SPEC §2 'Solicitud de reintegros') and the product wizard
 * (issue 13). One slot per key; a slot with an owner (the refund wizard: the voucher and document
 * of the login) reads back only what that owner stored. The hook that fills and empties a slot
 * from a running wizard is views/usePersistedWizard.ts.
 */

export interface SnapshotSlot {
  /** The stored snapshot, or null (none, unreadable, or stored by another owner). */
  read(): unknown | null;
  save(snapshot: unknown): void;
  clear(): void;
}

interface Stored {
  owner: string | null;
  snapshot: unknown;
}

function store(): Storage | null {
  return typeof window === 'undefined' ? null : window.sessionStorage;
}

export function snapshotSlot(key: string, owner: string | null = null): SnapshotSlot {
  return {
    read() {
      const raw = store()?.getItem(key);
      if (!raw) return null;
      try {
        const stored = JSON.parse(raw) as Partial<Stored> | null;
        if (!stored || (stored.owner ?? null) !== owner) return null;
        return stored.snapshot ?? null;
      } catch {
        return null;
      }
    },
    save(snapshot) {
      const stored: Stored = { owner, snapshot };
      store()?.setItem(key, JSON.stringify(stored));
    },
    clear() {
      store()?.removeItem(key);
    },
  };
}
