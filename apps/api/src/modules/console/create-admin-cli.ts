// `npm run console:create-admin -- --email admin@example.com [--password …]`: the first admin.
// Prints the TOTP otpauth URI once (scan it into an authenticator app); only a sealed copy is kept.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { resolveSecretKey } from '../../lib/secret-key.ts';
import { createOperator, OperatorExistsError } from './create-operator.ts';

try {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
    },
  });
  if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) {
    console.error(
      'usage: npm run console:create-admin -- --email admin@example.com [--password <at least 12 characters>]',
    );
    process.exit(1);
  }
  const password =
    values.password ?? process.env.CONSOLE_ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  if (password.length < 12) {
    console.error('the password must have at least 12 characters');
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
  });
  await database.migrate();
  try {
    const created = await createOperator(
      {
        db: database.db,
        clock: systemClock,
        secretKey: resolveSecretKey(config.SECRET_KEY, config.DATA_DIR),
      },
      { email: values.email, password, role: 'admin' },
    );
    console.log(`admin ${values.email.toLowerCase()} created (${created.id})`);
    if (!values.password && !process.env.CONSOLE_ADMIN_PASSWORD)
      console.log(`password (shown once): ${password}`);
    console.log(`TOTP (shown once; scan into an authenticator app):\n${created.otpauthUri}`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof OperatorExistsError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}
