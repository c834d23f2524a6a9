import { LOCALES } from '@pisonow/domain';
import type { PublicConfig } from '@pisonow/domain/contracts/public-config';
import type { Config } from '../../config.ts';

type AttributionSettings = Pick<
  Config,
  'NODE_ENV' | 'SANDBOX' | 'ATTRIBUTION_APP_TOKEN' | 'ATTRIBUTION_SDK_URL' | 'ATTRIBUTION_REGISTRATION_EVENT'
>;

/**
 * SH-16: the attribution SDK is switched on only for a production deployment (NODE_ENV=production,
 * no sandbox) with an app token configured. Everywhere else the app gets null and loads nothing,
 * so test installs and sandbox logins never reach the attribution network.
 */
export function attributionConfig(c: AttributionSettings): PublicConfig['attribution'] {
  if (c.NODE_ENV !== 'production' || c.SANDBOX || !c.ATTRIBUTION_APP_TOKEN) return null;
  return {
    appToken: c.ATTRIBUTION_APP_TOKEN,
    sdkUrl: c.ATTRIBUTION_SDK_URL,
    registrationEvent: c.ATTRIBUTION_REGISTRATION_EVENT ?? null,
  };
}

/** Issue 10: the tutorial of /videoIndex; an empty setting means "not configured". */
export function tutorialConfig(
  c: Pick<Config, 'TUTORIAL_VIDEO_URL' | 'TUTORIAL_POSTER_URL' | 'TUTORIAL_CAPTIONS_URL'>,
): PublicConfig['tutorial'] {
  const captions = c.TUTORIAL_CAPTIONS_URL;
  return {
    videoUrl: c.TUTORIAL_VIDEO_URL || null,
    posterUrl: c.TUTORIAL_POSTER_URL || null,
    captions: captions
      ? (Object.fromEntries(LOCALES.map((l) => [l, captions.replaceAll('{lang}', l)])) as NonNullable<
          PublicConfig['tutorial']['captions']
        >)
      : null,
  };
}

/** The origin of an absolute URL (a relative one is our own origin, already allowed). */
export function originOf(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  return new URL(url).origin;
}
