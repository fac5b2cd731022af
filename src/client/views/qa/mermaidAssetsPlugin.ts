/**
 * Vite plugin (issue 41): mermaid's own prebuilt ES modules (node_modules/mermaid/dist:
 * mermaid.esm.min.mjs and its chunks) served (dev) and emitted (build) under /mermaid/, instead of
 * bundled. mermaid and its diagram libraries (cytoscape, katex, d3, dagre...) were most of the
 * client's module graph: bundling them made the Vite child of a first `npm start` peak near 900 MB
 * resident; without them, about 360 MB less. The QA gallery imports /mermaid/mermaid.esm.min.mjs
 * on first use (mermaidRenderer.ts), which loads only the chunks of the diagrams it draws.
 * Runs in Node (vite.config.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build serves mermaid (mermaidRenderer.ts imports `${MERMAID_BASE}mermaid.esm.min.mjs`). */
const MERMAID_BASE = 'mermaid/';
const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = 'chunks/mermaid.esm.min';

/** The files to serve, by their path under /mermaid/: the entry and its chunks (no source maps). */
function mermaidFiles(distDir: string): string[] {
  const chunksDir = path.join(distDir, CHUNKS);
  if (!existsSync(path.join(distDir, ENTRY)) || !existsSync(chunksDir))
    throw new Error(`mermaid's prebuilt modules are missing from ${distDir}: run npm install`);
  return [
    ENTRY,
    ...readdirSync(chunksDir)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => `${CHUNKS}/${name}`),
  ];
}

export function mermaidAssets(root = process.cwd()): Plugin {
  const distDir = path.join(root, 'node_modules/mermaid/dist');
  return {
    name: 'mermaid-assets',
    configureServer(server) {
      server.middlewares.use(`/${MERMAID_BASE}`, (request, response, next) => {
        const relative = decodeURIComponent((request.url ?? '').split('?')[0]).replace(/^\/+/, '');
        if (!mermaidFiles(distDir).includes(relative)) return next();
        response.setHeader('content-type', 'text/javascript');
        response.end(readFileSync(path.join(distDir, relative)));
      });
    },
    generateBundle() {
      for (const relative of mermaidFiles(distDir))
        this.emitFile({
          type: 'asset',
          fileName: `${MERMAID_BASE}${relative}`,
          source: readFileSync(path.join(distDir, relative)),
        });
    },
  };
}
