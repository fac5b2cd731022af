/**
 * Builds the Fastify app without listening: main.ts serves it, tests inject into it.
 * API under /api (spec section 7 paths, trailing slashes kept); the built client with an SPA fallback.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import helmet from 'helmet';
import { messages } from '../contracts/messages';
import { watchPrincipalChanges } from './auth/principal';
import { watchTableChanges } from './cache/tableMemory';
import type { AppContext } from './context';
import {
  databaseErrorAnswer,
  FieldValidationError,
  HttpError,
  httpErrorBody,
  malformedBodyAnswer,
} from './http/errors';
import { fieldErrorsBody } from './http/fieldCodes';
import { assertJsonShape } from './http/jsonBody';
import { type LogSetup, logFormatOf, loggerOptions, RequestLogController } from './http/logging';
import { registerMetrics } from './http/metrics';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { scheduleMallocTrim } from './mallocTrim';
import { apiRouteModules, type RouteModule, rootRouteModules } from './routes';

/** A request body from this size on asks for a malloc trim once answered. */
const LARGE_BODY_BYTES = 256 * 1024;

export interface BuildAppOptions {
  /** Directory of the built client (index.html and assets), required to hold index.html; absent means API only. */
  clientDir?: string;
  /**
   * true: the configuration's LOG_LEVEL and LOG_FORMAT on standard output (pretty lines on a
   * terminal, JSON otherwise; http/logging.ts); a setup: that one (the tests capture the lines).
   */
  logger?: boolean | LogSetup;
  /** Extra route modules mounted at the root (the image service mounts at /images). */
  rootRouteModules?: RouteModule[];
  /** Told of every route as it is added (the fuzz test enumerates the write routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const terminal = process.stdout.isTTY === true;
  const logSetup: LogSetup | null =
    options.logger === true
      ? {
          level: context.config.logLevel,
          format: logFormatOf(context.config.logFormat, terminal),
          colorize: terminal,
        }
      : options.logger || null;
  const app = Fastify({
    logger: logSetup ? loggerOptions(logSetup) : false,
    // Requests are logged at debug (issue 41): `npm start` shows the product, not every request.
    logController: new RequestLogController(),
    // Answered below, in Spanish, by the onRequest hook (issue 41 'Graceful shutdown').
    return503OnClosing: false,
    bodyLimit: 2 * 1024 * 1024,
    // TRUST_PROXY: believe X-Forwarded-* (client address, and https when the proxy terminates TLS).
    trustProxy: context.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
  });

  if (context.listen) {
    // Principals' validities kept between requests while the database's announcements are heard.
    const stopWatching = watchPrincipalChanges(context.db, context.listen);
    // Lists' anchors, lookups and capped counts kept until the database announces a change.
    const stopWatchingTables = watchTableChanges(context.db, context.listen);
    app.addHook('onClose', async () => {
      await stopWatching();
      await stopWatchingTables();
    });
  }
  // Prometheus metrics with METRICS_TOKEN (issue 41): request durations by route, queues, pool.
  await registerMetrics(app, context);
  if (options.onRoute) {
    const onRoute = options.onRoute;
    app.addHook('onRoute', (route) => onRoute(route));
  }
  // Security headers (helmet's) and the API's `cache-control: no-store`, set by ONE synchronous
  // hook from header sets computed here once (issue 29, per-request cost): helmet's middleware set
  // its twelve headers one by one on the raw response for every request (each name and value
  // checked again), and two more hooks (one async) ran for HSTS and for the cache policy.
  const headerSets = securityHeaderSets();
  // Set once the app starts closing (SIGTERM, main.ts): a request that still arrives on an open
  // connection is refused with a 503 and `connection: close`, so the client retries elsewhere.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // A large body (an upload) leaves its socket chunks and copies free inside malloc's heaps:
  // given back to the system soon after (mallocTrim.ts, issue 39).
  app.addHook('onResponse', (request, _reply, done) => {
    if (Number(request.headers['content-length'] ?? 0) >= LARGE_BODY_BYTES) scheduleMallocTrim();
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? headerSets.https : headerSets.http);
    if (closing) {
      reply.header('connection', 'close').header('retry-after', '5').status(503);
      // Answered here: `done` is not called (a returned reply would be taken for a promise).
      reply.send({ detail: messages.operations.shuttingDown });
      return;
    }
    // API answers (tokens, profiles, personal data) are never stored by browsers or proxies,
    // unless a route says otherwise (the model authorization letter sets its own policy, which
    // replaces this default).
    const url = request.url;
    if (url.startsWith('/api/') || url.startsWith('/images/')) reply.header('cache-control', 'no-store');
    done();
  });
  // DRF accepts a JSON content type with an empty body (the original client sends one on every
  // GET and DELETE): an empty body is no body. Anything else has its shape checked first, in
  // linear time (depth and element limits, http/jsonBody.ts, issue 28 §1), then is parsed as
  // Fastify does.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      assertJsonShape(text);
    } catch (error) {
      return done(error as HttpError, undefined);
    }
    return parseJson(request, text, done);
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: every instance on it shares the limits (issue 11, 'Several instances').
    store: databaseRateLimitStore(context.db, { log: app.log }),
    errorResponseBuilder: (_request, details) => ({
      statusCode: details.statusCode,
      detail: messages.common.tooManyRequests,
    }),
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 40, fields: 20 } });

  // The one error mapper: our errors, what the database refused, malformed bodies; 500 only for bugs.
  app.setErrorHandler((thrown: FastifyError | HttpError | FieldValidationError, request, reply) => {
    const error = databaseErrorAnswer(thrown) ?? malformedBodyAnswer(thrown) ?? thrown;
    if (error instanceof FieldValidationError)
      // Issue 42: a portal route's field messages with their codes beside them (http/fieldCodes.ts).
      return reply.status(error.statusCode).send(fieldErrorsBody(error.fields, error.detail, request));
    if (error instanceof HttpError) return reply.status(error.statusCode).send(httpErrorBody(error));
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return reply.status(429).send({ detail: messages.common.tooManyRequests });
    if (status >= 400 && status < 500) {
      // A client's mistake, told to the client: one line per request only at LOG_LEVEL=debug.
      request.log.debug({ err: error }, 'client error');
      return reply.status(status).send({ detail: messages.common.malformedRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: messages.common.genericError });
  });

  await app.register(
    async (api) => {
      for (const register of apiRouteModules) await register(api, context);
    },
    { prefix: '/api' },
  );
  for (const register of options.rootRouteModules ?? rootRouteModules) {
    await app.register(async (scope) => register(scope, context));
  }

  // A client folder given is a client to serve: without its index.html every page would be 404.
  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined;
  if (hasClient) {
    if (!existsSync(path.join(clientDir, 'index.html')))
      throw new Error(`The web client folder ${clientDir} has no index.html`);
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && hasClient && request.method === 'GET' && !path.extname(request.url.split('?')[0])) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ detail: messages.common.notFound });
  });

  return app;
}

/**
 * helmet's headers, read once from its middleware (they depend on nothing in the request), for
 * plain HTTP and for HTTPS: HSTS and upgrade-insecure-requests only for requests that came over
 * HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto).
 */
function securityHeaderSets(): { http: Record<string, string>; https: Record<string, string> } {
  const middleware = helmet({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
      },
    },
  });
  const http: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      http[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  let called = false;
  middleware({} as never, response as never, () => {
    called = true;
  });
  // helmet 8 is synchronous and static; a version that is not would leave the sets empty.
  if (!called || !http['content-security-policy'])
    throw new Error('helmet did not answer its headers at once');
  const https = {
    ...http,
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'content-security-policy': `${http['content-security-policy']};upgrade-insecure-requests`,
  };
  return { http, https };
}
