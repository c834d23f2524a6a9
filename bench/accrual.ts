/**
 * `npm run bench:accrual [-- N]` (issue 7): seeds N overdue loans in a throw-away PostgreSQL database
 * and times the day job's accrual (one set-based statement that posts loan transactions, balanced
 * ledger entries, status changes and events) beside one hand-written set-based UPDATE of the same
 * rows (the least a day job could do: bump a penalty column). Prints both and the ratio.
 *
 * Needs PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { sql } from 'drizzle-orm';
import {
  accrualStatement,
  accrueOverdueCharges,
} from '../apps/api/src/modules/servicing/accrue-overdue-charges.ts';

const n = Number(process.argv[2] ?? process.env.BENCH_LOANS ?? 100_000);
/** accrual batches at once (the day job's ACCRUAL_PARALLELISM, default 2) */
const parallelism = Number(process.env.BENCH_PARALLELISM ?? 2);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `pisonow_bench_${randomBytes(4).toString('hex')}`;
/**
 * BENCH_TEMPLATE=<name>: keep the seeded database as <name> and start later runs (same N) from a
 * copy of it (CREATE DATABASE … TEMPLATE copies files: seconds instead of minutes of seeding), for
 * trying changes to the job back to back. Drop it when done: `drop database <name>`.
 */
const template = process.env.BENCH_TEMPLATE;
if (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template))
  throw new Error('BENCH_TEMPLATE: a plain name');
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const fromTemplate =
  template !== undefined &&
  (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
const copyStart = process.hrtime.bigint();
await admin.query(`create database ${name}${fromTemplate ? ` template ${template}` : ''}`);
const copySeconds = Number(process.hrtime.bigint() - copyStart) / 1e9;
const target = new URL(url);
target.pathname = `/${name}`;
let database = await openDatabase({ url: target.toString() });
const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;
/**
 * CPU seconds used so far by every server process connected to the bench database (read from
 * /proc, so only when PostgreSQL runs on this machine): on shared cores wall time is noisy, the
 * CPU a run costs is not.
 */
async function backendCpu(): Promise<Map<number, number> | null> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    name,
  ]);
  const ticks = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      ticks.set(pid, Number(stat[11]) + Number(stat[12]));
    }
  } catch {
    return null;
  }
  return ticks;
}
/** per server process present at the end: its CPU since `from` (a new process: all of it) */
const cpuSince = async (from: Map<number, number> | null) => {
  const to = await backendCpu();
  if (from === null || to === null) return null;
  let ticks = 0;
  for (const [pid, t] of to) ticks += t - (from.get(pid) ?? 0);
  return ticks / 100;
};

/**
 * N overdue loans as disbursements would have written them (customer, approved application, order,
 * balanced disbursement ledger transaction, loan history), then vacuumed: a book that has been
 * sitting there, with hint bits set.
 */
async function seedBook(client: pg.Client, due: string) {
  // Order ids are random (version 4 and the hashes of idempotency keys, as place-order makes them),
  // so the job's id order is random against the heap. BENCH_ORDER_IDS=time seeds time-ordered ids
  // instead, to measure what that locality would be worth (docs/servicing.md).
  const orderId =
    process.env.BENCH_ORDER_IDS === 'time'
      ? `('0190a000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'))::uuid`
      : 'gen_random_uuid()';
  // Seeding skips triggers (a superuser's replication role): it writes what disbursements would have.
  await client.query('begin');
  await client.query(`set local session_replication_role = replica`);
  await client.query(
    `create temp table seed on commit drop as select gen_random_uuid() as customer_id, gen_random_uuid() as application_id, ${orderId} as order_id, gen_random_uuid() as ledger_id, i from generate_series(1, $1) i`,
    [n],
  );
  await client.query(
    `insert into customers (id, phone, registered_at) select customer_id, '8' || lpad(i::text, 9, '0'), now() from seed`,
  );
  await client.query(
    `insert into applications (id, customer_id, status, created_at, updated_at) select application_id, customer_id, 'approved', now(), now() from seed`,
  );
  await client.query(
    `insert into orders (id, customer_id, application_id, status, product_version, principal, term_days, interest, service_fee, coupon, credit_reporting_fee, tax, net_proceeds, total_repayment, daily_interest_ppm, late_charge, penalty_daily_ppm, extension_fee_bp, extension_days, payout_destination, agreed_at, created_at, disbursed_at, due_date, updated_at)
   select order_id, customer_id, application_id, 'repaying', 1, 200000, 14, 4200, 3000, 0, 500, 0, 196500, 204200, 1500, 0, 1500, 100, 8, '{}'::jsonb, now(), now(), now(), $1, now() from seed`,
    [due],
  );
  await client.query(
    `insert into ledger_transactions (id, kind, idempotency_key, customer_id, reference, posted_at) select ledger_id, 'disbursement', 'disbursement:' || order_id, customer_id, order_id::text, now() from seed`,
  );
  await client.query(
    `insert into ledger_entries (id, transaction_id, account, customer_id, order_id, amount)
   select gen_random_uuid(), ledger_id, 'principal_receivable', customer_id, order_id, 200000 from seed union all
   select gen_random_uuid(), ledger_id, 'interest_receivable', customer_id, order_id, 4200 from seed union all
   select gen_random_uuid(), ledger_id, 'interest_income', customer_id, order_id, -4200 from seed union all
   select gen_random_uuid(), ledger_id, 'cash_at_provider', customer_id, order_id, -196500 from seed union all
   select gen_random_uuid(), ledger_id, 'fee_income', customer_id, order_id, -3500 from seed`,
  );
  await client.query(
    `insert into loan_transactions (id, order_id, customer_id, type, principal, interest, fees, late_charge, penalty, cash, business_date, due_date, idempotency_key, ledger_transaction_id, created_at)
   select gen_random_uuid(), order_id, customer_id, 'disbursement', 200000, 4200, 0, 0, 0, 196500, '2027-03-03', $1, 'disbursement:' || order_id, ledger_id, now() from seed`,
    [due],
  );
  await client.query('commit');
  // what a book that has been sitting there looks like: vacuumed (hint bits set, visibility map)
  await client.query('vacuum analyze');
}

try {
  await database.migrate();
  let client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  const today = '2027-03-20';
  const due = '2027-03-17'; // three days overdue
  let t0 = process.hrtime.bigint();
  if (fromTemplate) {
    console.info(`copied the seeded database ${template} in ${copySeconds.toFixed(1)} s`);
  } else {
    await seedBook(client, due);
    console.info(`seeded ${n.toLocaleString('en-US')} loans in ${seconds(t0).toFixed(1)} s`);
    if (template !== undefined) {
      // a template cannot have connections: close ours, copy, reopen
      await database.close();
      await client.end();
      await admin.query(`create database ${template} template ${name}`);
      console.info(`kept the seeded database as ${template}`);
      database = await openDatabase({ url: target.toString() });
      client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
    }
  }

  if (process.env.BENCH_EXPERIMENT === 'explain') {
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        await tx.execute(sql`set local work_mem = '64MB'`);
        const plan = await tx.execute(
          sql`explain (analyze, buffers) ${accrualStatement(today, new Date('2027-03-20T00:05:00+08:00'))}`,
        );
        console.info(
          (plan as unknown as { rows: Record<string, string>[] }).rows
            .map((r) => Object.values(r)[0])
            .join('\n'),
        );
        tx.rollback();
      })
      .catch(() => undefined);
  }
  // BENCH_BEFORE_SQL: statements run on the copy before the job (trying a schema change: an index or
  // trigger dropped, a column's collation), never on anything but the bench's own database
  if (process.env.BENCH_BEFORE_SQL) await client.query(process.env.BENCH_BEFORE_SQL);
  // Time the job, not the write-back of the seeding (or the copy): a checkpoint, then the kernel's
  // dirty pages to disk. Without this the first run paid for gigabytes of someone else's writes.
  await client.query('checkpoint');
  execFileSync('sync');
  // open the pool's connection before measuring its CPU
  await database.db.execute(sql`select 1`);
  let c0 = await backendCpu();
  t0 = process.hrtime.bigint();
  const result = await accrueOverdueCharges(database.db, today, new Date('2027-03-20T00:05:00+08:00'), {
    parallelism,
  });
  const job = seconds(t0);
  const jobCpu = await cpuSince(c0);
  if (result.charges !== n || result.becameOverdue !== n)
    throw new Error(`expected ${n} charges, got ${JSON.stringify(result)}`);
  // How many of the status flips were heap-only (migration 0040): the statistics reach the shared
  // counters within a second of each backend's last transaction.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const hot = (
    await client.query<{ upd: string; hot: string }>(
      `select n_tup_upd::text as upd, n_tup_hot_upd::text as hot from pg_stat_user_tables where relname = 'orders'`,
    )
  ).rows[0];
  const hotLine = `orders updated: ${hot?.upd ?? '?'} rows, ${hot?.hot ?? '?'} of them heap-only (no index touched)`;
  if (process.env.BENCH_JOB_ONLY === '1') {
    console.info(
      `day job: ${job.toFixed(2)} s, server CPU ${jobCpu?.toFixed(1) ?? '—'} s, ${result.batches} batches; ${hotLine}`,
    );
  } else {
    c0 = await backendCpu();
    t0 = process.hrtime.bigint();
    const again = await accrueOverdueCharges(database.db, today, new Date('2027-03-20T00:06:00+08:00'), {
      parallelism,
    });
    const rerun = seconds(t0);
    const rerunCpu = await cpuSince(c0);
    if (again.charges !== 0) throw new Error('a second run posted charges');

    // The next day, the usual day: every loan accrues one more day of penalty, none changes status
    // (loans turn overdue a few a day, not a million at once).
    c0 = await backendCpu();
    t0 = process.hrtime.bigint();
    const nextDay = await accrueOverdueCharges(
      database.db,
      '2027-03-21',
      new Date('2027-03-21T00:05:00+08:00'),
      {
        parallelism,
      },
    );
    const next = seconds(t0);
    const nextCpu = await cpuSince(c0);
    if (nextDay.charges !== n || nextDay.becameOverdue !== 0)
      throw new Error(`the next day: expected ${n} charges, got ${JSON.stringify(nextDay)}`);

    // The baseline: one hand-written UPDATE of the same rows (no history, no ledger, no caps).
    await client.query('alter table orders add column bench_penalty bigint not null default 0');
    c0 = await backendCpu();
    t0 = process.hrtime.bigint();
    await client.query(
      `update orders set bench_penalty = least(total_repayment * penalty_daily_ppm * ($1::date - due_date::date) / 1000000, total_repayment * 50000 * ($1::date - due_date::date) / 30000000), status = 'overdue', updated_at = now() where status in ('repaying', 'extended', 'overdue') and due_date < $1`,
      [today],
    );
    const update = seconds(t0);
    const updateCpu = await cpuSince(c0);
    const { rows } = await client.query(
      `select (select count(*) from ledger_entries where account = 'penalty_receivable')::int as lines, (select coalesce(sum(amount), 0) from ledger_entries)::text as total`,
    );

    const line = (label: string, s: number, cpu: number | null) =>
      `| ${label} | ${s.toFixed(2)} s | ${cpu === null ? '—' : `${cpu.toFixed(1)} s`} | ${Math.round(n / s).toLocaleString('en-US')} loans/s |`;
    console.info(
      `\nAccrual for ${n.toLocaleString('en-US')} overdue loans on PostgreSQL (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version})\n`,
    );
    console.info(
      `load average at the end: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}; server CPU = CPU seconds of the PostgreSQL backends\n`,
    );
    console.info('| run | time | server CPU | rate |\n|---|---|---|---|');
    console.info(
      line(
        `day job (postings, ledger, history, events; ${result.batches} batches, ${parallelism} at once)`,
        job,
        jobCpu,
      ),
    );
    console.info(line('day job run again (posts nothing)', rerun, rerunCpu));
    console.info(line('the next day (a day of penalty each, no status change)', next, nextCpu));
    console.info(line('hand-written set-based UPDATE', update, updateCpu));
    console.info(
      `\nratio job / UPDATE: ${(job / update).toFixed(2)}×${jobCpu !== null && updateCpu ? ` (server CPU ${(jobCpu / updateCpu).toFixed(2)}×)` : ''}; penalty lines posted: ${rows[0].lines}; ledger total: ${rows[0].total} (must be 0)`,
    );
    console.info(`the worst day's status flip: ${hotLine}`);
    if (rows[0].total !== '0') throw new Error('the ledger does not sum to zero');
  }
  await client.end();
} finally {
  // the pool may be closed already (a failed template copy): the drop must still run
  await database.close().catch(() => undefined);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
