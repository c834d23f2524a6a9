// The reference: a minimal Fastify + node-postgres route doing what GET /api/me does — resolve the
// bearer token's SHA-256 to an unrevoked, unexpired session joined to its customer (one query, a
// pool of 10 like the product's) — without the product's plugins, schemas, logging or headers.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Placeholder, sql } from 'drizzle-orm';
import { homeQuery } from '../../apps/api/src/modules/home/get-home-summary.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/ready', async () => ({ ok: true }));
app.get('/api/me', async (request, reply) => {
  const match = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
  const { rows } = await pool.query(
    `select c.id, c.phone, c.registered_at from sessions s join customers c on c.id = s.customer_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() limit 1`,
    [createHash('sha256').update(match[1]).digest('hex')],
  );
  const row = rows[0] as { id: string; phone: string; registered_at: Date } | undefined;
  if (!row) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
  return { customerId: row.id, phone: row.phone, registeredAt: row.registered_at.toISOString() };
});

// The reference for GET /api/home: exactly the product's home query (rendered from the same
// function: the session rule, the application, the order row and its history in one statement),
// rendered once and run as a named prepared statement as the product does, answered as the raw row.
const home = new PgDialect().sqlToQuery(
  homeQuery({ tokenHash: sql.placeholder('tokenHash'), now: sql.placeholder('now') }),
);
app.get('/api/home', async (request, reply) => {
  const match = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
  const bound: Record<string, unknown> = {
    tokenHash: createHash('sha256').update(match[1]).digest('hex'),
    now: new Date().toISOString(),
  };
  const values = home.params.map((p) => (p instanceof Placeholder ? bound[p.name] : p));
  const [row] = (await pool.query({ name: 'home_summary', text: home.sql, values })).rows as unknown[];
  if (!row) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
  return row;
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
