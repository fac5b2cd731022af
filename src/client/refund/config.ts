/** The public configuration the portal needs (image service, default site, mailbox, brand). */
import type { PublicConfig } from '../../contracts/http';

const fallback: PublicConfig = {
  imageServiceUrl: '/images',
  b2bSiteUrl: '/',
  publicSiteUrl: '/',
  oldAdminUrl: '/',
  refundSupportEmail: '',
  brandName: '',
};

let config: Promise<PublicConfig> | null = null;

/** Never rejects: the portal works with the defaults when /api/config/ cannot be read. */
export function refundConfig(): Promise<PublicConfig> {
  config ??= import('../api/refund')
    .then(({ fetchPublicConfig }) => fetchPublicConfig())
    .catch(() => fallback);
  return config;
}
