/**
 * The public configuration (GET /api/config/, SPEC §9 base addresses, the brand, the refunds
 * mailbox, the QA switch): ONE cached loader for the whole browser, staff side and refund portal.
 * It is fetched once per page with the portal's plain public call (api/refund.ts: no staff
 * session code), loaded on demand so the portal's first paint does not wait for it.
 */
import type { PublicConfig } from '../../contracts/http';

/** What the portal works with when the configuration cannot be read. */
export const PUBLIC_CONFIG_DEFAULTS: PublicConfig = {
  imageServiceUrl: '/images',
  b2bSiteUrl: '/',
  publicSiteUrl: '/',
  oldAdminUrl: '/',
  refundSupportEmail: '',
  brandName: '',
};

let loaded: Promise<PublicConfig> | null = null;
let orDefaults: Promise<PublicConfig> | null = null;

/** The configuration, fetched once; rejects when it cannot be read (and the next call asks again). */
export function loadPublicConfig(): Promise<PublicConfig> {
  loaded ??= import('./refund')
    .then(({ fetchPublicConfig }) => fetchPublicConfig())
    .catch((error: unknown) => {
      loaded = null;
      throw error;
    });
  return loaded;
}

/**
 * The configuration or, when it cannot be read, the defaults. Never rejects, and answers the
 * same promise every time (React's `use` needs that).
 */
export function publicConfigOrDefaults(): Promise<PublicConfig> {
  orDefaults ??= loadPublicConfig().catch(() => PUBLIC_CONFIG_DEFAULTS);
  return orDefaults;
}

/** Forgets what was loaded (tests). */
export function resetPublicConfig(): void {
  loaded = null;
  orDefaults = null;
}
