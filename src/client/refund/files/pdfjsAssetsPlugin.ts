/**
 * Vite plugin: serves (dev) and emits (build) pdfjs-dist's cmaps, standard fonts, wasm and ICC
 * profiles under /pdfjs/, so PDF conversion never fetches from a CDN. Runs in Node (vite.config.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;

export function pdfjsAssets(root = process.cwd()): Plugin {
  const pdfjsDir = path.join(root, 'node_modules/pdfjs-dist');
  return {
    name: 'pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs', (request, response, next) => {
        const relative = decodeURIComponent((request.url ?? '').split('?')[0]).replace(/^\/+/, '');
        const [folder] = relative.split('/');
        const file = path.join(pdfjsDir, relative);
        if (
          !(FOLDERS as readonly string[]).includes(folder) ||
          !file.startsWith(pdfjsDir) ||
          !existsSync(file)
        ) {
          return next();
        }
        response.setHeader(
          'content-type',
          file.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream',
        );
        response.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const folder of FOLDERS) {
        const dir = path.join(pdfjsDir, folder);
        if (!existsSync(dir)) continue;
        for (const name of readdirSync(dir)) {
          const file = path.join(dir, name);
          if (!statSync(file).isFile()) continue;
          this.emitFile({ type: 'asset', fileName: `pdfjs/${folder}/${name}`, source: readFileSync(file) });
        }
      }
    },
  };
}
