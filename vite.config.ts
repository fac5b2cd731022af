import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pdfjsAssets } from './src/client/refund/files/pdfjsAssetsPlugin';
import { mermaidAssets } from './src/client/views/qa/mermaidAssetsPlugin';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), pdfjsAssets(), mermaidAssets()],
  build: { outDir: 'dist/client', sourcemap: true, manifest: true, chunkSizeWarningLimit: 2500 },
  server: {
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
      '/files': apiTarget,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/machines/**/*.test.ts',
            'tests/contracts/**/*.test.ts',
            'tests/client/**/*.test.{ts,tsx}',
            'tests/services/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/seededTemplates.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
