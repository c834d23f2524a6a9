// `node apps/api/src/modules/console/totp-cli.ts <base32 secret>`: the current TOTP code (sandbox demo operators).
import { totpAt } from '../../lib/totp.ts';

const secret = process.argv[2];
if (!secret) {
  console.error('usage: totp-cli.ts <base32 secret>');
  process.exit(1);
}
console.log(totpAt(secret, new Date()));
