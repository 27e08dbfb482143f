import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from './harness';

/** The tables the migrations made (Kysely's own bookkeeping aside), with their columns. */
export async function schemaTables(t: TestApp) {
  const tables = await t.handle.db.introspection.getTables();
  return tables.filter(
    (table) => !table.name.startsWith('kysely_') && (!t.schema || table.schema === t.schema),
  );
}

/** Rows of `userId` in every table that has a user column (`users` by its id). */
export async function rowsOf(t: TestApp, userId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await schemaTables(t)) {
    const column = table.name === 'users' ? 'id' : 'user_id';
    if (!table.columns.some((c) => c.name === column)) continue;
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table.name)} where ${sql.ref(column)} = ${userId}`.execute(
      t.handle.db,
    );
    out[table.name] = Number(rows[0]?.n);
  }
  return out;
}

export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

/** RFC 4180 records (quoted fields, doubled quotes, CRLF), enough to read back what the export wrote. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}
