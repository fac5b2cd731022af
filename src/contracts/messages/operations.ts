/** Issue 41: what the operator's endpoints (readiness, metrics) and a stopping server answer. */
export const operationsMessages = {
  /** GET /metrics without the bearer token METRICS_TOKEN (or with another). */
  metricsUnauthorized: 'Las métricas requieren el token METRICS_TOKEN en la cabecera Authorization: Bearer.',
  /** A request that arrives while the server stops (SIGTERM). */
  shuttingDown: 'El servidor se está deteniendo. Inténtelo nuevamente en unos segundos.',
  /** Readiness: why this instance should not take traffic. */
  databaseUnreachable: (cause: string) => `No se puede consultar la base de datos: ${cause}.`,
  migrationsPending: (applied: string | null, expected: string) =>
    `Faltan migraciones: la base de datos tiene ${applied ?? 'ninguna'} y esta versión espera ${expected}.`,
  queueStuck: (queue: string, seconds: number, limit: number) =>
    `La cola de ${queue} tiene un trabajo pendiente desde hace ${seconds} s (más que READY_JOB_WAIT_SECONDS=${limit}).`,
} as const;
