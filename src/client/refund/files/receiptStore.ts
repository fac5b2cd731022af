/**
 * The chosen receipts' bytes, kept in IndexedDB under the id the machines use (ReceiptRef.id),
 * so a reload in the middle of a claim does not lose them. Cleared on submit or start over.
 * Falls back to memory where IndexedDB is unavailable (private modes).
 */
const DB_NAME = 'refund-receipts';
const STORE = 'receipts';

interface StoredReceipt {
  id: string;
  name: string;
  blob: Blob;
}

const memory = new Map<string, StoredReceipt>();
let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  return opening;
}

function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  return open().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        const request = action(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      }),
  );
}

export async function saveReceipt(id: string, file: Blob & { name?: string }, name: string): Promise<void> {
  const receipt = { id, name, blob: file };
  memory.set(id, receipt);
  await run('readwrite', (store) => store.put(receipt));
}

export async function loadReceipt(id: string): Promise<StoredReceipt | null> {
  const inMemory = memory.get(id);
  if (inMemory) return inMemory;
  return (await run<StoredReceipt | undefined>('readonly', (store) => store.get(id))) ?? null;
}

export async function forgetReceipt(id: string): Promise<void> {
  memory.delete(id);
  await run('readwrite', (store) => store.delete(id));
}

export async function clearReceipts(): Promise<void> {
  memory.clear();
  await run('readwrite', (store) => store.clear());
}
