/** What every route module receives: configuration, database, tokens, mail. */
import type { TokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { Database, DatabaseHandle, DatabaseKind } from './db/client';
import type { Mailer } from './services/mail';

export interface AppContext {
  config: AppConfig;
  db: Database;
  databaseKind: DatabaseKind;
  tokens: TokenService;
  mailer: Mailer;
  /**
   * The database's LISTEN (the handle's): with it the app keeps principals' validities between
   * requests, forgotten on the database's announcements (auth/principal.ts); without it every
   * request reads them.
   */
  listen?: DatabaseHandle['listen'];
}
