import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

interface Db {
  items: { id: number; name: string };
}

describe('kept prepared statements', () => {
  let db: Kysely<Db>;
  afterEach(() => db.destroy());

  /** A database whose items table holds a kettle and a toaster. */
  async function open(size: number) {
    db = new Kysely<Db>({
      dialect: new SqliteDialect({ database: withStatementCache(new SqliteDatabase(':memory:'), size) }),
    });
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    await db
      .insertInto('items')
      .values([
        { id: 1, name: 'Kettle' },
        { id: 2, name: 'Toaster' },
      ])
      .execute();
  }

  it('answer every query right when more queries run than statements are kept', async () => {
    await open(2);
    for (let round = 0; round < 3; round++) {
      expect(await db.selectFrom('items').select('name').where('id', '=', 1).execute()).toEqual([
        { name: 'Kettle' },
      ]);
      expect(await db.selectFrom('items').select('id').where('name', '=', 'Toaster').execute()).toEqual([
        { id: 2 },
      ]);
      expect(
        await db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll().as('n'))
          .execute(),
      ).toEqual([{ n: 2 }]);
    }
  });

  it('follow a schema change made after the statement was kept', async () => {
    await open(10);
    const first = () => sql`select * from items where id = 1`.execute(db).then((r) => r.rows);
    expect(await first()).toEqual([{ id: 1, name: 'Kettle' }]);
    await sql`alter table items add column price text`.execute(db);
    expect(await first()).toEqual([{ id: 1, name: 'Kettle', price: null }]);
  });

  it('run a query again after a stream of it was left half read', async () => {
    await open(10);
    const query = db.selectFrom('items').select('name').orderBy('id');
    for await (const row of query.stream()) {
      expect(row.name).toBe('Kettle');
      break;
    }
    expect(await query.execute()).toEqual([{ name: 'Kettle' }, { name: 'Toaster' }]);
  });
});
