/**
 * Work done after the answer is sent (issue 10: the password reset answers before it mails, so
 * its timing does not depend on the account). Errors are logged, never thrown at anyone;
 * `settleBackgroundWork` lets a shutdown or a test wait for what is still running.
 */
import type { FastifyReply } from 'fastify';

const pending = new Set<Promise<void>>();

/** Resolves once the answer has left (or the connection closed), never before. */
function answered(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    if (reply.raw.writableFinished || reply.raw.destroyed) return resolve();
    reply.raw.once('finish', () => resolve());
    reply.raw.once('close', () => resolve());
  });
}

/** Runs `task` after `reply` has been sent; its errors go to the request's log. */
export function runAfterResponse(reply: FastifyReply, name: string, task: () => Promise<void>): void {
  const log = reply.log;
  const run = answered(reply)
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(task)
    .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves when every background task started so far (and those they start) has finished. */
export async function settleBackgroundWork(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
