import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { LoginLimitsConfig } from './login-limits.ts';

export type AuthConfig = LoginLimitsConfig &
  Pick<
    Config,
    'OTP_TTL_SECONDS' | 'OTP_MAX_ATTEMPTS' | 'PRODUCT_NAME' | 'PRIVACY_POLICY_VERSION' | 'SESSION_TTL_DAYS'
  >;

/**
 * What the auth use cases need, built once by the auth routes plugin (`authContext(app)`).
 *
 * A use case is an exported function a route or a job calls: `verbNoun(ctx: AuthContext, input)`
 * (sendLoginCode, logInWithCode, issueCaptcha, consumeCaptcha, logOut, listSessions, revokeSession,
 * cleanUpLoginData). Not use cases, and so left in their own shape: the login-limit checks of
 * login-limits.ts (they run inside the caller's transaction and take `tx`), `hashLoginCode` (pure),
 * `getMe` (a pure formatter of the session), the SMS templates.
 */
export interface AuthContext extends BaseContext {
  secretKey: Buffer;
  sms: SmsProvider;
  config: AuthConfig;
  /** sandbox mode keeps the captcha answer readable for browser tests */
  sandbox: boolean;
}

export function authContext(app: FastifyInstance): AuthContext {
  return {
    ...baseContext(app),
    secretKey: app.secretKey,
    sms: app.providers.sms,
    config: app.config,
    sandbox: app.config.SANDBOX,
  };
}
