import type { Promotion } from '@pisonow/domain/contracts/auth';
import type { PublicConfig } from '@pisonow/domain/contracts/public-config';
import { attributionEnabled } from './enabled.ts';

/**
 * SH-16: the third-party attribution SDK behind one small interface, so the app never talks to the
 * vendor directly. The shape follows the Adjust web SDK (`Adjust.initSdk`, `Adjust.trackEvent`),
 * whose app token, tracker names and campaign/adgroup/creative fields SH-07 mirrors.
 */
export interface AttributionProvider {
  /** true once the SDK was started with the configured token (never outside production) */
  readonly active: boolean;
  /** a new borrower registered; the promotion the landing URL carried goes with it (SH-07) */
  registered(input: { customerId: string; promotion: Promotion | undefined }): void;
}

/** What the SDK script puts on window (the subset we call). */
export interface AttributionSdk {
  initSdk(options: { appToken: string; environment: 'production' | 'sandbox' }): void;
  trackEvent(event: {
    eventToken: string;
    callbackParams?: { key: string; value: string }[];
    partnerParams?: { key: string; value: string }[];
  }): void;
}

export type SdkLoader = (sdkUrl: string) => Promise<AttributionSdk>;

/** Outside production: nothing loads and nothing is sent. */
export const noopAttribution: AttributionProvider = Object.freeze({
  active: false,
  registered: () => undefined,
});

const PROMOTION_KEYS = ['campaign', 'adgroup', 'creative'] as const;

/** The SH-07 promotion as the SDK's key/value parameters (empty fields left out). */
export function promotionParams(promotion: Promotion | undefined): { key: string; value: string }[] {
  return PROMOTION_KEYS.flatMap((key) => (promotion?.[key] ? [{ key, value: promotion[key] }] : []));
}

/**
 * The adapter for this deployment. The server sends `attribution` only when it runs in production
 * with an app token configured (NODE_ENV=production, SANDBOX=0, ATTRIBUTION_APP_TOKEN); otherwise,
 * or when the server says it is a sandbox, this is the no-op and `load` is never called, so no
 * third-party script reaches a test or sandbox page. Calls made while the script loads are queued.
 */
export function createAttribution(
  config: Pick<PublicConfig, 'attribution' | 'sandbox'>,
  load: SdkLoader,
): AttributionProvider {
  if (!attributionEnabled(config)) return noopAttribution;
  const settings = config.attribution;
  const sdk = load(settings.sdkUrl).then((loaded) => {
    loaded.initSdk({ appToken: settings.appToken, environment: 'production' });
    return loaded;
  });
  // a blocked or failed script must never break the app: attribution is best effort
  sdk.catch(() => undefined);
  return {
    active: true,
    registered({ customerId, promotion }) {
      const event = settings.registrationEvent;
      if (!event) return;
      const params = [{ key: 'customer_id', value: customerId }, ...promotionParams(promotion)];
      void sdk.then(
        (s) =>
          s.trackEvent({
            eventToken: event,
            callbackParams: params,
            partnerParams: promotionParams(promotion),
          }),
        () => undefined,
      );
    },
  };
}

/** Loads the vendor's script with a plain script tag (allowed by the CSP only when attribution is on). */
export const loadSdkScript: SdkLoader = (sdkUrl) =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = sdkUrl;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      const sdk = (window as unknown as { Adjust?: AttributionSdk }).Adjust;
      if (sdk) resolve(sdk);
      else reject(new Error('attribution SDK did not register'));
    };
    script.onerror = () => reject(new Error('attribution SDK failed to load'));
    document.head.append(script);
  });

let current: AttributionProvider = noopAttribution;
let started = false;

/** Called by the shell once the public configuration is known; starts the SDK at most once. */
export function startAttribution(
  config: Pick<PublicConfig, 'attribution' | 'sandbox'>,
  load: SdkLoader = loadSdkScript,
): AttributionProvider {
  if (!started) {
    started = true;
    current = createAttribution(config, load);
  }
  return current;
}

/** The adapter in use (the no-op until the shell started it). */
export function attribution(): AttributionProvider {
  return current;
}
