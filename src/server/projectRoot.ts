/**
 * Where the checkout is: the nearest folder above `from` that holds the product's package.json.
 * The server runs from src/server (tsx) and from dist/server/<hash>/ (`npm start`'s bundle), so
 * counting folders up from its own file finds the wrong place in one of them (issue 27).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE_NAME = 'extranet-reintegros';

export class ProjectRootError extends Error {}

export function findProjectRoot(from: string): string {
  for (let folder = path.resolve(from); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && readPackageName(manifest) === PACKAGE_NAME) return folder;
    if (path.dirname(folder) === folder)
      throw new ProjectRootError(
        `No se encontró el package.json de ${PACKAGE_NAME} por encima de ${from} / ` +
          `No ${PACKAGE_NAME} package.json above ${from}`,
      );
  }
}

function readPackageName(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}
