import { OPERATOR_ROLES, type OperatorRole } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createOperator, OperatorExistsError } from './create-operator.ts';

/**
 * Sandbox only (BE-09): one demo operator per role with a known password and TOTP secret, so the
 * console can be tried (and the browser suite can sign in) with no set-up. These secrets are public
 * by design; production (SANDBOX=0, NODE_ENV=production) refuses to seed them.
 */
export const DEMO_OPERATOR_PASSWORD = 'PisoNow-demo-2026';
export const DEMO_OPERATORS: readonly { role: OperatorRole; email: string; totpSecret: string }[] = [
  ...OPERATOR_ROLES.map((role, i) => ({
    role,
    email: `${role}@console.pisonow.test`,
    // fixed base32 secrets (20 bytes each), one per role
    totpSecret: [
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
      'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
      'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
    ][i]!,
  })),
  // a second admin, so maker-checker (waivers, product changes) can be tried: one drafts, one approves
  { role: 'admin', email: 'admin2@console.pisonow.test', totpSecret: 'NBSWY3DPO5XXE3DEMFZXG5DBNBSWY3DP' },
];

export async function seedDemoOperators(deps: {
  db: Db;
  clock: Clock;
  secretKey: Buffer;
  sandbox: boolean;
  production: boolean;
}): Promise<number> {
  if (!deps.sandbox || deps.production) throw new Error('demo operators are seeded in sandbox mode only');
  let created = 0;
  for (const demo of DEMO_OPERATORS) {
    try {
      await createOperator(deps, { ...demo, password: DEMO_OPERATOR_PASSWORD });
      created += 1;
    } catch (error) {
      if (!(error instanceof OperatorExistsError)) throw error;
    }
  }
  return created;
}

/** What the server prints at start in sandbox mode. */
export function demoOperatorsText(baseUrl: string): string {
  return [
    `Operator console (sandbox demo operators): ${baseUrl}/console`,
    `  password for all: ${DEMO_OPERATOR_PASSWORD}`,
    ...DEMO_OPERATORS.map((d) => `  ${d.role.padEnd(12)} ${d.email.padEnd(34)} TOTP secret ${d.totpSecret}`),
    '  (add the secret to an authenticator app, or: node apps/api/src/modules/console/totp-cli.ts <secret>)',
  ].join('\n');
}
