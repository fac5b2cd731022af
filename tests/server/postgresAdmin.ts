/** Statements on the PostgreSQL server the server tests run against (DATABASE_URL): databases made and dropped. */
import pg from 'pg';

/** Runs one statement on the server's maintenance connection (CREATE or DROP DATABASE). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The connection string of database `name` on the server `serverUrl` names. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
