/**
 * The data directory (issue 10 'Operations'): it must be writable, and one server at a time may
 * use it with the embedded database (PGlite is a single-process database: a second server beside
 * the first would lose writes). The lock is `DATA_DIR/server.lock` holding the owner's pid; a lock
 * whose pid is no longer alive is stale and taken over.
 */
import {
  accessSync,
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** A problem with the data directory, worded for the operator (printed without a stack). */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

const causeOf = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return code ? `${code}: ${message ?? ''}`.trim() : String(message ?? error);
};

/** Creates the directory when missing and checks that files can be written in it. */
export function ensureWritableDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = path.join(dir, `.write-check-${process.pid}`);
    closeSync(openSync(probe, 'w'));
    rmSync(probe, { force: true });
  } catch (error) {
    throw new DataDirError(
      `No se puede escribir en el directorio de datos ${dir} (DATA_DIR): ${causeOf(error)}. ` +
        'Revise que exista, que sea un directorio y que el usuario del servidor tenga permiso de escritura.',
    );
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** Whether a process with this pid is alive (EPERM: alive, owned by someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Takes the data directory's lock, or explains who holds it. */
export function lockDataDir(dir: string): DataDirLock {
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') {
        throw new DataDirError(`No se puede crear el bloqueo ${file}: ${causeOf(error)}.`);
      }
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    } catch {
      // Removed meanwhile: try again.
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DataDirError(
        `El directorio de datos ${dir} ya está en uso por otro servidor (pid ${owner}). ` +
          `Deténgalo antes de iniciar otro, o use otro DATA_DIR. Si ese proceso no es un servidor, borre ${file}.`,
      );
    }
    // Stale (the owner is gone, or the file is unreadable): take it over.
    rmSync(file, { force: true });
  }
  throw new DataDirError(`No se pudo tomar el bloqueo ${file}: otro servidor lo está tomando a la vez.`);
}
