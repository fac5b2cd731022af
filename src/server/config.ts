/**
 * Environment -> typed configuration. The embedded defaults serve a local demo only:
 * set JWT_SECRET, DATABASE_URL, SMTP_URL and the ADMIN_* variables for anything real.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ensureWritableDataDir } from './dataDir';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Issue 44: the embedded PostgreSQL's port (loopback only); unset: a free port at each start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Extranet <no-reply@extranet.local>'),
  PUBLIC_URL: z.string().url().optional(),
  API_BASE_URL: z.string().default('/api'),
  IMAGE_SERVICE_URL: z.string().default('/images'),
  B2B_SITE_URL: z.string().default('https://b2b.example.com'),
  PUBLIC_SITE_URL: z.string().default('https://www.example.com'),
  OLD_ADMIN_URL: z.string().default('https://admin-viejo.example.com'),
  REFUND_SUPPORT_EMAIL: z.string().default('reintegros@example.com'),
  BRAND_NAME: z.string().default('Asistencia al Viajero'),
  /** Issue 15: the 24-hour assistance phone printed on every voucher. */
  ASSISTANCE_PHONE: z.string().default('+54 11 5252-0000'),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: booleanFlag.default(true),
  /** Issue 18: 'Grabar sesión' for superusers (QA). Default: on for the demo, off in production. */
  QA_RECORDING: booleanFlag.optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).default(60),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).default(7),
  /** Issue 10: stored bytes one refund access (voucher) may have uploaded and not yet submitted. */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(10_000).default(100),
  /**
   * Whether a reverse proxy in front terminates TLS and its X-Forwarded-* headers are believed:
   * 'true', 'false', a number of hops, or comma-separated proxy addresses/CIDRs.
   */
  TRUST_PROXY: z.string().trim().max(1000).default('false'),
  /** Where uploaded files' bytes live: the database (shared by every instance) or DATA_DIR/files. */
  FILE_STORAGE: z.enum(['database', 'filesystem']).default('database'),
  /** Past this many matching rows a list answers a capped count or the planner's estimate. */
  LIST_EXACT_COUNT_LIMIT: z.coerce.number().int().min(1).default(10_000),
  /**
   * Issue 17: the HMAC secret of the links mailed to travellers (/upload_data, /update_payment_data).
   * Unset: derived from JWT_SECRET (or the demo secret kept in DATA_DIR), for a local demo only.
   */
  REFUND_LINK_SECRET: z.string().min(32).optional(),
  /** Days a refund request link stays valid. */
  REFUND_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Issue 39: days the terms link mailed with 'Enviar condiciones' stays valid. */
  TERMS_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Issue 12: whether this instance runs export jobs (false: it only answers requests). */
  EXPORT_WORKER: booleanFlag.default(true),
  /**
   * Issues 31, 39: whether this instance queues uploaded receipts for reading and takes reading
   * jobs (OCR in the heavy-work child process, at a lower CPU priority).
   */
  RECEIPT_READING: booleanFlag.default(true),
  /**
   * Issue 31: receipt files read at once (OCR engines in the child), and the time limit of one page.
   * Issue 39: two engines where there are two cores (about 85 MB each): six travellers' 180 pages
   * are read within two minutes of their upload instead of two and a half, and at nice 10 they
   * take only the CPU that requests leave.
   */
  RECEIPT_READING_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(8)
    .default(Math.min(2, os.availableParallelism())),
  RECEIPT_READING_PAGE_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /**
   * Issue 39: the reading queue's bounds, in files (docs/receipt-reading.md 'Bounds'): jobs queued
   * per voucher (its further files wait, stored), and in all (past it a new upload answers 503).
   */
  RECEIPT_READING_VOUCHER_QUEUE: z.coerce.number().int().min(1).max(100_000).default(200),
  RECEIPT_READING_QUEUE: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /**
   * Issue 39: the export queue's bounds, in jobs pending or running: per user (past it 429) and
   * in all (past it 503), both with Retry-After; and voucher PDFs drawn at once in the heavy-work
   * pool (past it 503 with Retry-After). docs/exports.md 'Heavy-work pool'.
   */
  EXPORT_USER_QUEUE: z.coerce.number().int().min(1).max(1000).default(5),
  EXPORT_QUEUE: z.coerce.number().int().min(1).max(100_000).default(100),
  PDF_QUEUE: z.coerce.number().int().min(1).max(1000).default(8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Issue 41: log lines as JSON or human-readable; unset: readable on a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * Issue 41: the bearer token that opens GET /metrics (Prometheus); unset: no metrics are kept and
   * /metrics answers 404.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Issue 41: readiness (/api/health/ready) fails while a pending export or receipt-reading job
   * has waited longer than this many seconds (0: the queues are not part of readiness).
   */
  READY_JOB_WAIT_SECONDS: z.coerce.number().int().min(0).max(604_800).default(1800),
  /** Issue 41: how long a SIGTERM waits for the requests in flight before closing their connections. */
  SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
});

export type AppConfig = ReturnType<typeof loadConfig>;

/** A configuration the operator must correct, in one Spanish sentence (printed without a stack). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What is wrong with one variable, in Spanish. */
function problemOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? `debe tener al menos ${issue.minimum} caracteres`
        : `debe ser al menos ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `debe tener como máximo ${issue.maximum} caracteres`
        : `debe ser como máximo ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'url'
        ? 'no es una dirección válida (postgres://usuario:clave@host:puerto/base)'
        : `no tiene el formato ${issue.format}`;
    case 'invalid_value':
      return `debe ser uno de: ${issue.values.map(String).join(', ')}`;
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int' ? 'debe ser un número' : 'no es válida';
    default:
      return 'no es válida';
  }
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env) {
  // A variable set to nothing (`DATABASE_URL=`) is a variable not set.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${problemOf(issue)}`);
    throw new ConfigError(
      `Configuración no válida: ${problems.join('; ')}. Corrija ${problems.length > 1 ? 'esas variables' : 'esa variable'} de entorno y vuelva a iniciar.`,
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  ensureWritableDataDir(dataDir);
  const jwtSecret = env.JWT_SECRET ?? readOrCreateSecret(dataDir);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    jwtSecret,
    // Demo default: a key derived from the JWT secret (set REFUND_LINK_SECRET for anything real).
    refundLinkSecret:
      env.REFUND_LINK_SECRET ?? createHmac('sha256', jwtSecret).update('refund-links/v1').digest('base64url'),
    refundLinkDays: env.REFUND_LINK_DAYS,
    termsLinkDays: env.TERMS_LINK_DAYS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`,
    apiBaseUrl: env.API_BASE_URL,
    imageServiceUrl: env.IMAGE_SERVICE_URL,
    b2bSiteUrl: env.B2B_SITE_URL,
    publicSiteUrl: env.PUBLIC_SITE_URL,
    oldAdminUrl: env.OLD_ADMIN_URL,
    refundSupportEmail: env.REFUND_SUPPORT_EMAIL,
    brandName: env.BRAND_NAME,
    assistancePhone: env.ASSISTANCE_PHONE,
    admin: { username: env.ADMIN_USERNAME, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    seedDemo: env.SEED_DEMO,
    qaRecording: env.QA_RECORDING ?? (env.SEED_DEMO && environment.NODE_ENV !== 'production'),
    accessTokenMinutes: env.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: env.REFRESH_TOKEN_DAYS,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    metricsToken: env.METRICS_TOKEN,
    readyJobWaitSeconds: env.READY_JOB_WAIT_SECONDS,
    shutdownSeconds: env.SHUTDOWN_SECONDS,
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    listExactCountLimit: env.LIST_EXACT_COUNT_LIMIT,
    fileStorage: env.FILE_STORAGE,
    exportWorker: env.EXPORT_WORKER,
    exportQueue: { userQueue: env.EXPORT_USER_QUEUE, totalQueue: env.EXPORT_QUEUE },
    pdfQueue: env.PDF_QUEUE,
    receiptReading: {
      enabled: env.RECEIPT_READING,
      concurrency: env.RECEIPT_READING_CONCURRENCY,
      pageTimeoutMs: env.RECEIPT_READING_PAGE_SECONDS * 1000,
      voucherQueue: env.RECEIPT_READING_VOUCHER_QUEUE,
      totalQueue: env.RECEIPT_READING_QUEUE,
    },
  };
}

/** TRUST_PROXY as Fastify's `trustProxy`: a flag, a hop count, or the proxies' addresses. */
export function trustProxyOf(
  value: string,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  const normalized = value.toLowerCase();
  if (normalized === '' || normalized === 'false' || normalized === '0' || normalized === 'no') return false;
  if (normalized === 'true' || normalized === 'yes') return true;
  if (/^\d{1,2}$/.test(normalized)) {
    const hops = Number(normalized);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Demo default: a random secret generated on first start and kept in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
