/**
 * Hostile JSON texts of about 2 MB (issue 28 §1), just under Fastify's 2 MiB body limit, so the
 * parser's shape check (not the size limit) is what answers them.
 */
export const HOSTILE_BODY_BYTES = 2_000_000;

/** `{"username": [[[…]]], "password": "x"}`: about a million levels. */
export function nestedBody(bytes = HOSTILE_BODY_BYTES): string {
  const depth = Math.floor((bytes - 40) / 2);
  return `{"username":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;
}

/** An object of about 150,000 members. */
export function wideBody(bytes = HOSTILE_BODY_BYTES): string {
  const members = Math.floor(bytes / 13);
  const parts: string[] = [];
  for (let index = 0; index < members; index++) parts.push(`"k${index}":1`);
  return `{${parts.join(',')}}`;
}

/** A flat array of about a million numbers. */
export function flatBody(bytes = HOSTILE_BODY_BYTES): string {
  return `[${'1,'.repeat(Math.floor(bytes / 2) - 1)}1]`;
}
