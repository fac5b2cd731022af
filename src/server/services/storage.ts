/**
 * Where uploaded files' bytes live (issue 11), behind one interface so that several instances of
 * the server share them: the database (default: table file_blobs, so a file uploaded through one
 * instance is served by any other) or a directory (FILE_STORAGE=filesystem, files under
 * DATA_DIR/files, for a single instance or a shared volume). What bytes are stored is decided by
 * the callers (services/files.ts); this module only puts, gets and removes them by key.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { fileBlobs } from '../db/schema';

export interface FileStorage {
  readonly kind: 'database' | 'filesystem';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Keys are relative paths made by the server ('ab/uuid.upload'); anything else is refused. */
function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,498}$/.test(key) || key.split('/').some((part) => part === '..'))
    throw new Error(`invalid storage key: ${key}`);
  return key;
}

export function databaseStorage(db: Database): FileStorage {
  return {
    kind: 'database',
    async put(key, bytes) {
      await db
        .insert(fileBlobs)
        .values({ key: checkedKey(key), data: bytes, size: bytes.length })
        .onConflictDoUpdate({ target: fileBlobs.key, set: { data: bytes, size: bytes.length } });
    },
    async get(key) {
      const [row] = await db
        .select({ data: fileBlobs.data })
        .from(fileBlobs)
        .where(eq(fileBlobs.key, checkedKey(key)));
      return row ? row.data : null;
    },
    async remove(key) {
      await db.delete(fileBlobs).where(eq(fileBlobs.key, checkedKey(key)));
    },
  };
}

export function filesystemStorage(directory: string): FileStorage {
  const absolute = (key: string) => path.join(directory, checkedKey(key));
  return {
    kind: 'filesystem',
    async put(key, bytes) {
      await mkdir(path.dirname(absolute(key)), { recursive: true });
      await writeFile(absolute(key), bytes);
    },
    async get(key) {
      try {
        return await readFile(absolute(key));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(absolute(key), { force: true });
    },
  };
}

const storages = new WeakMap<AppContext, FileStorage>();

/** The storage configured for this app (FILE_STORAGE: 'database', the default, or 'filesystem'). */
export function storageOf(context: AppContext): FileStorage {
  let storage = storages.get(context);
  if (!storage) {
    storage =
      context.config.fileStorage === 'filesystem'
        ? filesystemStorage(context.config.filesDir)
        : databaseStorage(context.db);
    storages.set(context, storage);
  }
  return storage;
}
