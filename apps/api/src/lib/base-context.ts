import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';

/**
 * The house shape of a use case (issue 7): `export async function verbNoun(ctx, input)`. `ctx` is
 * the module's context (AuthContext, OrdersContext, …), built ONCE where the module's routes and
 * jobs are registered; `input` is one object of what this call is about (ids from the session,
 * the parsed body, the locale). Time is `ctx.clock.now()`, never a `now` argument.
 *
 * Every module context starts from this.
 */
export interface BaseContext {
  db: Db;
  clock: Clock;
  /** the app logger (a context outlives any one request) */
  log: FastifyBaseLogger;
}

export function baseContext(app: FastifyInstance): BaseContext {
  return { db: app.db, clock: app.clock, log: app.log };
}
