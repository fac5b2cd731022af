/**
 * First-load JavaScript of a route, gzipped, from the Vite manifest: the entry chunk plus the
 * lazy route modules it needs, with all their static imports. Shared by the bundle benchmarks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const clientDir = path.resolve('dist/client');

export function readManifest(dir = clientDir): Manifest {
  return JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The chunk keys loaded for the entry plus the given lazy modules (source paths), with static imports. */
export function chunksFor(manifest: Manifest, lazyModules: string[]): Set<string> {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('no entry chunk in the manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const module of lazyModules) visit(module);
  return seen;
}

export function chunkGzippedSize(manifest: Manifest, key: string, dir = clientDir): number {
  return gzipSync(readFileSync(path.join(dir, manifest[key].file))).length;
}

export function gzippedSize(manifest: Manifest, keys: Iterable<string>, dir = clientDir): number {
  let total = 0;
  for (const key of keys) total += chunkGzippedSize(manifest, key, dir);
  return total;
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
