import type { PublicConfig } from '@pisonow/domain/contracts/public-config';

/**
 * SH-16: whether this deployment attributes at all. The server sends `attribution` only when it
 * runs in production with an app token configured (NODE_ENV=production, SANDBOX=0,
 * ATTRIBUTION_APP_TOKEN), and a server that says it is a sandbox never gets the vendor's script.
 * A module of its own so the shell can ask before it loads the adapter (issue 9: a deployment
 * without attribution downloads none of it).
 */
export function attributionEnabled(
  config: Pick<PublicConfig, 'attribution' | 'sandbox'>,
): config is Pick<PublicConfig, 'sandbox'> & { attribution: NonNullable<PublicConfig['attribution']> } {
  return !!config.attribution?.appToken && !config.sandbox;
}
