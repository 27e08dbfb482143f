import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database, Db } from '../db/schema';

/**
 * pg-boss speaks to PostgreSQL through the app's own pool (one pool, the app's connection settings). Some of
 * its commands are `BEGIN; …; COMMIT;` in one string, and it expects some to fail (two replicas installing
 * its schema at once: the loser's error is swallowed): a failed one would leave its connection in an aborted
 * transaction for whoever takes it from the pool next, so a failure rolls back on the same connection first.
 */
export function pgBossDb(db: Kysely<Database>) {
  // pg-boss 10 completes a job without awaiting it: what is still in flight is awaited on stop (`busy`),
  // so a stopped queue leaves no statement running against a database about to be closed or dropped.
  const inFlight = new Set<Promise<unknown>>();
  return {
    executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      const running = db.connection().execute(async (connection) => {
        try {
          const result = await connection.executeQuery(CompiledQuery.raw(text, values));
          return { rows: result.rows };
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
          throw error;
        }
      });
      inFlight.add(running);
      void running.then(
        () => inFlight.delete(running),
        () => inFlight.delete(running),
      );
      return running;
    },
    /** The statements running now. */
    busy(): Promise<unknown>[] {
      return [...inFlight];
    },
  };
}

/** The PostgreSQL schema the app's tables live in (its connection's search path). */
export async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

/**
 * Takes the run of `name` for `key` unless another process holds it and its hold has not run out; answers
 * whether this holder has it now.
 */
export async function acquireLease(
  db: Db,
  name: string,
  key: string,
  holder: string,
  now: string,
  until: string,
): Promise<boolean> {
  await db
    .insertInto('jobs')
    .values({ name, key, holder: null, expires_at: null, dead_reason: null, dead_at: null })
    .onConflict((oc) => oc.columns(['name', 'key']).doNothing())
    .execute();
  const result = await db
    .updateTable('jobs')
    .set({ holder, expires_at: until })
    .where('name', '=', name)
    .where('key', '=', key)
    .where((eb) => eb.or([eb('holder', 'is', null), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(db: Db, name: string, key: string, holder: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ holder: null, expires_at: null })
    .where('name', '=', name)
    .where('key', '=', key)
    .where('holder', '=', holder)
    .execute();
}

const WAITING = sql`(state in ('created', 'active') or (state = 'retry' and start_after <= now()))`;

/** Whether pg-boss holds a job of `names` (for `key`, when given) that is queued, running or due again. */
export async function bossJobPending(
  db: Db,
  bossSchema: string,
  names: string[],
  key?: string,
): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from ${sql.id(bossSchema, 'job')}
    where name in (${sql.join(names)}) and ${WAITING}
    ${key === undefined ? sql`` : sql`and singleton_key = ${key}`}
    limit 1`.execute(db);
  return rows.length > 0;
}

/** The ids of `key`'s jobs of `name` that have not started (queued, or waiting to be retried). */
export async function bossJobsNotStarted(
  db: Db,
  bossSchema: string,
  name: string,
  key: string,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from ${sql.id(bossSchema, 'job')}
    where name = ${name} and singleton_key = ${key} and state in ('created', 'retry')`.execute(db);
  return rows.map((row) => row.id);
}

// SQLite: the in-process queue keeps what is wanted in the `jobs` rows.

/** Asks for one more run of `name` for `key`; a job given up on is asked for afresh. */
export async function want(db: Db, name: string, key: string): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      name,
      key,
      wanted: 1,
      attempts: 0,
      holder: null,
      expires_at: null,
      dead_reason: null,
      dead_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['name', 'key']).doUpdateSet((eb) => ({
        wanted: eb('jobs.wanted', '+', 1),
        attempts: 0,
        dead_reason: null,
        dead_at: null,
      })),
    )
    .execute();
}

/** How many runs are wanted and how many attempts have failed since the last one that succeeded. */
export async function findWanted(
  db: Db,
  name: string,
  key: string,
): Promise<{ wanted: number; attempts: number; dead: boolean }> {
  const row = await db
    .selectFrom('jobs')
    .select(['wanted', 'attempts', 'dead_at'])
    .where('name', '=', name)
    .where('key', '=', key)
    .executeTakeFirst();
  return { wanted: row?.wanted ?? 0, attempts: row?.attempts ?? 0, dead: Boolean(row?.dead_at) };
}

/** Every job still wanted and not given up on (what a crash left undone). */
export async function wantedJobs(db: Db): Promise<{ name: string; key: string }[]> {
  return db
    .selectFrom('jobs')
    .select(['name', 'key'])
    .where('wanted', '>', 0)
    .where('dead_at', 'is', null)
    .execute();
}

/** A run that began when `seen` runs were wanted finished: those are done, later ones still wanted. */
export async function ran(db: Db, name: string, key: string, seen: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ wanted: eb('wanted', '-', seen), attempts: 0 }))
    .where('name', '=', name)
    .where('key', '=', key)
    .execute();
  await db
    .deleteFrom('jobs')
    .where('name', '=', name)
    .where('key', '=', key)
    .where('wanted', '<=', 0)
    .where('holder', 'is', null)
    .execute();
}

/** Counts a failed attempt; answers how many there have been. */
export async function failedAttempt(db: Db, name: string, key: string): Promise<number> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('name', '=', name)
    .where('key', '=', key)
    .execute();
  const row = await db
    .selectFrom('jobs')
    .select('attempts')
    .where('name', '=', name)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.attempts ?? 1;
}

export async function giveUp(db: Db, name: string, key: string, reason: string, at: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ dead_reason: reason, dead_at: at })
    .where('name', '=', name)
    .where('key', '=', key)
    .execute();
}

export async function forget(db: Db, name: string, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('name', '=', name).where('key', '=', key).execute();
}
