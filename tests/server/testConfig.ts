/** The configuration every server test app runs with (support.ts); the seeded templates are made with it too. */
import { loadConfig } from '../../src/server/config';

export const ADMIN_PASSWORD = 'Admin-Test-Password-1';

export function testConfig(dataDir: string, options: { seedDemo?: boolean; receiptReading?: boolean } = {}) {
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD,
    SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
    LOG_LEVEL: 'silent',
    RECEIPT_READING: options.receiptReading ? 'true' : 'false',
  } as NodeJS.ProcessEnv);
}
