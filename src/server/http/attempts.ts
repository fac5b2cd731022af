/** Counting failed attempts (sign-ins, refund logins) to answer 429 before guessing goes far. */
/**
 * Failed-attempt counter for one key space (voucher, document): a sliding window kept in memory
 * per app instance. Good enough for one process; several processes would need a shared store.
 */
export class AttemptCounter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.attempts.get(key) ?? []).filter((time) => now - time < this.windowMs);
    if (kept.length) this.attempts.set(key, kept);
    else this.attempts.delete(key);
    return kept;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return key !== '' && this.recent(key, now).length >= this.max;
  }

  record(key: string, now = Date.now()): void {
    if (key === '') return;
    const kept = this.recent(key, now);
    kept.push(now);
    this.attempts.set(key, kept);
    if (this.attempts.size > 50_000) {
      for (const stale of this.attempts.keys()) {
        this.recent(stale, now);
        if (this.attempts.size <= 25_000) break;
      }
    }
  }
}
