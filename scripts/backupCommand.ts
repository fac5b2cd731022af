/**
 * What `npm run backup` and `npm run restore` share (issue 41): the errors an operator can fix are
 * told in one Spanish sentence (the stack only with DEBUG), anything else with its stack.
 */
import { ConfigError } from '../src/server/config';
import { DataDirError } from '../src/server/dataDir';
import { BackupError } from '../src/server/db/backup';
import { EmbeddedPostgresError } from '../src/server/db/embeddedPostgres';
import { DatabaseUnreachableError } from '../src/server/db/productDatabase';

export function failed(error: unknown): never {
  const forTheOperator =
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DataDirError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof DatabaseUnreachableError;
  console.error(forTheOperator && !process.env.DEBUG ? (error as Error).message : error);
  process.exit(1);
}

/** A command line option problem, as the sentence the command prints. */
export function usage(sentence: string): never {
  console.error(sentence);
  process.exit(2);
}
