/**
 * The memory of a server's whole tree (issue 44): its node processes and the PostgreSQL server's
 * processes, which are not node's children (pg_ctl starts the embedded cluster in a session of
 * its own; its postmaster's pid is line 1 of `DATA_DIR/pg/postmaster.pid`).
 *
 * PSS (proportional set size, `/proc/<pid>/smaps_rollup`) splits every shared page between the
 * processes that map it, so PostgreSQL's shared buffers and the binaries' pages count once for
 * the tree; RSS counts them again in every backend and is printed beside it for reference only.
 * Linux only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface TreeMemory {
  /** Bytes. */
  pss: number;
  /** Bytes (a shared page counted once per process mapping it). */
  rss: number;
  processes: number;
}

export const mb = (bytes: number) => Math.round(bytes / 1048576);

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** `roots` and every process below them (each pid once). */
export function descendants(roots: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const seen = new Set<number>();
  const pending = roots.filter((pid) => pid > 0);
  while (pending.length) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    pending.push(...(children.get(current) ?? []));
  }
  return [...seen];
}

/** PSS and RSS of one process in bytes, or null when it is gone. */
function rollup(pid: number): { pss: number; rss: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return { pss: field('Pss'), rss: field('Rss') };
  } catch {
    return null;
  }
}

/** The memory of `roots` and every process below them. */
export function treeMemory(roots: readonly number[]): TreeMemory {
  let pss = 0;
  let rss = 0;
  let processes = 0;
  for (const pid of descendants(roots)) {
    const memory = rollup(pid);
    if (!memory) continue;
    pss += memory.pss;
    rss += memory.rss;
    processes += 1;
  }
  return { pss, rss, processes };
}

/** The live postmaster of `dataDir`'s embedded cluster (line 1 of DATA_DIR/pg/postmaster.pid), or null. */
export function postmasterOf(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(
      readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return /postgres/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * The postmaster of the PostgreSQL server at `databaseUrl` when it runs on this machine (the
 * parent of the backend that answers), or null (another machine, or no access to /proc).
 */
export async function postmasterOfUrl(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const parent = parentOf(backend);
    if (!parent) return null;
    return /postgres/.test(readFileSync(`/proc/${parent}/cmdline`, 'utf8')) ? parent : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** A process's command line, or '' when it is gone. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** A process's resident high-water mark (VmHWM: the most it has ever had resident), in bytes. */
function highWaterOf(pid: number): number {
  try {
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** What `sampleTree` saw of the processes its `apart` pattern names (issue 41: Vite's build). */
export interface ApartFigures {
  /** The highest VmHWM of any of them: exact, whatever happened between two samples. */
  highWater: number;
  /**
   * The tree's highest figure with their PSS replaced by their high-water marks: for each sample,
   * the other processes' PSS plus the high-water marks of those alive; the highest of these.
   */
  boundPss: number;
}

/**
 * Samples the tree of the pids `roots()` answers (asked at every sample: a postmaster appears
 * when the cluster starts) every `intervalMs`. Reading smaps_rollup walks each process's page
 * tables: a few milliseconds of CPU per sample for a dozen processes.
 *
 * A short-lived process can peak between two samples (Vite's build child held its peak for well
 * under a second): the processes whose command line matches `apart` are also followed by their
 * kernel high-water mark, and `boundPss` stands for the tree's peak with their highest resident
 * figure in place of what a sample happened to see.
 */
export function sampleTree(roots: () => number[], intervalMs = 200, apart?: RegExp) {
  let peak: TreeMemory = { pss: 0, rss: 0, processes: 0 };
  let peakRss = 0;
  let last: TreeMemory = peak;
  const apartFigures: ApartFigures = { highWater: 0, boundPss: 0 };
  const take = () => {
    const pids = descendants(roots());
    let pss = 0;
    let rss = 0;
    let processes = 0;
    let apartPss = 0;
    let apartHighWater = 0;
    for (const pid of pids) {
      const memory = rollup(pid);
      if (!memory) continue;
      pss += memory.pss;
      rss += memory.rss;
      processes += 1;
      if (apart?.test(commandOf(pid))) {
        apartPss += memory.pss;
        const highWater = highWaterOf(pid);
        apartHighWater += highWater;
        apartFigures.highWater = Math.max(apartFigures.highWater, highWater);
      }
    }
    last = { pss, rss, processes };
    if (last.pss > peak.pss) peak = last;
    peakRss = Math.max(peakRss, last.rss);
    apartFigures.boundPss = Math.max(apartFigures.boundPss, pss - apartPss + apartHighWater);
  };
  const timer = setInterval(take, intervalMs);
  return {
    /** The sample with the highest PSS so far, and the highest RSS of any sample. */
    get peak() {
      return { ...peak, peakRss };
    },
    /** Takes a last sample now. */
    now() {
      take();
      return last;
    },
    stop() {
      clearInterval(timer);
      return { peak: { ...peak, peakRss }, last, apart: { ...apartFigures } };
    },
  };
}
