/** What every route module receives: configuration, database, tokens, mail. */
import type { TokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { Database, DatabaseKind } from './db/client';
import type { Mailer } from './services/mail';

export interface AppContext {
  config: AppConfig;
  db: Database;
  databaseKind: DatabaseKind;
  tokens: TokenService;
  mailer: Mailer;
}
