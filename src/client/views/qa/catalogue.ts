/**
 * The catalogue as the gallery reads it: each machine's generated paths computed once and kept,
 * and the counts for the list computed one machine per task so a large machine never freezes
 * the page.
 */
import { useEffect, useState } from 'react';
import { type MachineEntry, machineCatalogue } from '../../../../machines/index';
import { countOf, type MachineCounts, type ModelPath, pathsOf } from '../../qa/paths';

const paths = new Map<string, ModelPath[]>();
const counts = new Map<string, MachineCounts>();

export function pathsFor(entry: MachineEntry): ModelPath[] {
  let result = paths.get(entry.name);
  if (!result) {
    result = pathsOf(entry.model);
    paths.set(entry.name, result);
  }
  return result;
}

export function countsFor(entry: MachineEntry): MachineCounts {
  let result = counts.get(entry.name);
  if (!result) {
    result = countOf(entry.model, pathsFor(entry));
    counts.set(entry.name, result);
  }
  return result;
}

/** The counts known so far, by machine name; grows as each machine is counted. */
export function useCatalogueCounts(): ReadonlyMap<string, MachineCounts> {
  const [known, setKnown] = useState<ReadonlyMap<string, MachineCounts>>(() => new Map(counts));
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pending = machineCatalogue.filter((entry) => !counts.has(entry.name));
    const next = () => {
      const entry = pending.shift();
      if (!entry || cancelled) return;
      countsFor(entry);
      setKnown(new Map(counts));
      timer = setTimeout(next, 0);
    };
    timer = setTimeout(next, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return known;
}

export function entryByName(name: string | null): MachineEntry | null {
  return machineCatalogue.find((entry) => entry.name === name) ?? null;
}

/** The catalogue entry of a recorded machine id (the machine's `id`, usually its name). */
export function entryByMachineId(machineId: string): MachineEntry | null {
  return (
    machineCatalogue.find((entry) => entry.model.machine.id === machineId) ??
    machineCatalogue.find((entry) => entry.name === machineId) ??
    null
  );
}

export { machineCatalogue };
