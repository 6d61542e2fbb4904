import type { Database } from '../../../db/client.js';
import type { ApiKeysService } from '../../api-keys/api-keys.service.js';
import type { SitesService } from '../../sites/sites.service.js';
import type { CollectService } from '../collect.service.js';
import type { SiteDomains } from '../site-domains.js';
import { CacheTokens } from './cache-token.js';
import { MatomoIngest } from './matomo.service.js';
import { CompatSites } from './site-resolver.service.js';
import { UmamiIngest } from './umami.service.js';
import { VisitorPropsRepository } from './visitor-props.repository.js';

export { compatRoutes } from './compat.routes.js';
export type { SiteAliasQuery } from './site-resolver.service.js';

/** The services of the compatible protocols (see ../README.md, "Other trackers' protocols"). */
export function compatServices(deps: {
  db: Database;
  appSecret: string;
  sites: SitesService;
  apiKeys: ApiKeysService;
  collect: CollectService;
  domains: SiteDomains;
}) {
  const compatSites = new CompatSites(deps.sites, deps.domains);
  const props = new VisitorPropsRepository(deps.db.orm);
  const umamiIngest = new UmamiIngest(deps.collect, compatSites, new CacheTokens(deps.appSecret), props);
  const matomoIngest = new MatomoIngest({
    collect: deps.collect,
    sites: compatSites,
    props,
    resolveKey: (token, ip) => deps.apiKeys.resolve(token, ip),
  });
  return { compatSites, umamiIngest, matomoIngest, visitorProps: props };
}
