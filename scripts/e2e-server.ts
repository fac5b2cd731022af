/** Starts the product for Playwright on a fresh data directory, with known demo credentials. */
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.ADMIN_USERNAME = 'admin';
process.env.ADMIN_EMAIL = 'admin@example.com';
process.env.ADMIN_PASSWORD = 'Admin-E2E-Password-1';
process.env.QA_RECORDING = process.env.QA_RECORDING ?? 'true';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT ?? 3100}`;
await import('../src/server/main');
