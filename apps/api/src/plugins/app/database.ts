import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';

/** Decorates the app with the database (opened by buildApp so tests can hand in their own). */
export default fp<{ database: Database; closeOnShutdown: boolean }>(
  async (app, { database, closeOnShutdown }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (closeOnShutdown) app.addHook('onClose', async () => database.close());
  },
  { name: 'database' },
);
