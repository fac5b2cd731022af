/**
 * The server's log (issue 41 'Logs'): what an operator watching `npm start` reads.
 * - On a terminal (stdout a TTY) each entry is one human-readable line (pino-pretty, in this
 *   process, synchronously: no transport thread); otherwise one JSON line (pino's own), for a
 *   collector. `LOG_FORMAT=json|pretty` forces either.
 * - Requests are logged at `debug` ('incoming request', 'request completed'): at the default
 *   `LOG_LEVEL=info` a request writes nothing, `LOG_LEVEL=debug` shows them. A request that fails
 *   with a 5xx is an `error` line, whatever the level; warnings are always shown.
 */
import type { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when set, else pretty on a terminal and JSON otherwise. */
export function logFormatOf(forced: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return forced ?? (isTerminal ? 'pretty' : 'json');
}

export interface LogSetup {
  level: string;
  format: LogFormat;
  /** Where the lines go (standard output by default; the tests capture them). */
  destination?: Writable;
  /** Colours in pretty lines (on a terminal). */
  colorize?: boolean;
}

/** Fastify's `logger` options for a setup: its level and the stream its lines are written to. */
export function loggerOptions(setup: LogSetup) {
  // Without a destination both write to file descriptor 1 (pino's and pino-pretty's sonic-boom).
  const stream =
    setup.format === 'pretty'
      ? pretty({
          destination: setup.destination ?? 1,
          sync: true,
          colorize: setup.colorize ?? false,
          translateTime: 'SYS:yyyy-mm-dd HH:MM:ss',
          ignore: 'pid,hostname',
          singleLine: true,
        })
      : setup.destination;
  return stream ? { level: setup.level, stream } : { level: setup.level };
}

/** Fastify's per-request lines at `debug`; a failed request's stays an error. */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply) {
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}
