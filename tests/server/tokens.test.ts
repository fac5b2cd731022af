/**
 * The token service remembers verified tokens until they expire (issue 11): a remembered token
 * must still be refused as the other type, once expired, and a forged one is never remembered.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../src/server/auth/tokens';

const SECRET = 'token-test-secret-token-test-secret-0123456789';

describe('verified tokens remembered per process', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a remembered token the same way, and only for its own type', async () => {
    const tokens = createTokenService(SECRET, { accessMinutes: 5, refreshDays: 1 });
    const access = await tokens.issue(7, 'access', 3);
    expect(await tokens.verify(access, 'access')).toEqual({ userId: 7, version: 3 });
    expect(await tokens.verify(access, 'access')).toEqual({ userId: 7, version: 3 });
    expect(await tokens.verify(access, 'refresh')).toBeNull();
    const refresh = await tokens.issue(7, 'refresh', 3);
    expect(await tokens.verify(refresh, 'access')).toBeNull();
    expect(await tokens.verify(refresh, 'refresh')).toEqual({ userId: 7, version: 3 });
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokenService(SECRET, { accessMinutes: 1, refreshDays: 1 });
    const access = await tokens.issue(9, 'access', 0);
    expect(await tokens.verify(access, 'access')).toEqual({ userId: 9, version: 0 });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(access, 'access')).toBeNull();
  });

  it('never accepts a token signed with another secret, even after verifying the genuine one', async () => {
    const tokens = createTokenService(SECRET, { accessMinutes: 5, refreshDays: 1 });
    const forger = createTokenService(`${SECRET}-other`, { accessMinutes: 5, refreshDays: 1 });
    const genuine = await tokens.issue(4, 'access', 0);
    expect(await tokens.verify(genuine, 'access')).not.toBeNull();
    const forged = await forger.issue(4, 'access', 0);
    expect(await tokens.verify(forged, 'access')).toBeNull();
    expect(await tokens.verify(forged, 'access')).toBeNull();
  });
});
