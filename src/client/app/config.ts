/** The public configuration (section 9 base addresses), loaded once. */
import { type PublicConfig, publicConfigSchema } from '../../contracts/http';
import { request } from '../api/http';

let loaded: Promise<PublicConfig> | null = null;

export function loadPublicConfig(): Promise<PublicConfig> {
  loaded ??= request(publicConfigSchema, '/config/', { auth: false }).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}
