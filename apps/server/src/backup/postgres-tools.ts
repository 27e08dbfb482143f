import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/**
 * A libpq target for PostgreSQL's client tools: the URL without its password, which goes in PGPASSWORD so
 * it never shows in the process list. The URL's other parameters (`options=-c search_path=…`) stay.
 */
function libpqTarget(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs one of PostgreSQL's client tools; answers its standard output, or throws with its error output. */
function runTool(tool: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client), of the server's major version or newer`,
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${tool} failed (exit ${code}): ${err.trim()}`));
    });
  });
}

/** `pg_dump` of one schema, in the custom format, as it was in `snapshot`. */
export async function dumpSchema(url: string, schema: string, snapshot: string, file: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  await runTool(
    'pg_dump',
    [
      '--format=custom',
      `--schema=${schema}`,
      `--snapshot=${snapshot}`,
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${dbname}`,
    ],
    env,
  );
}

/**
 * `pg_restore` of a dump into the database of `url`, in one transaction (a failure leaves nothing). The
 * schema's own CREATE is left out when the schema exists (an empty `public`), and its comment always:
 * only the schema's owner may set it, and the app needs neither.
 */
export async function restoreDump(
  url: string,
  file: string,
  schema: string,
  schemaExists: boolean,
  listFile: string,
): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  const entries = await runTool('pg_restore', ['--list', file]);
  const quoted = schema.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const schemaEntry = new RegExp(`^\\d+; \\d+ \\d+ SCHEMA - ${quoted} `);
  const schemaComment = new RegExp(`^\\d+; \\d+ \\d+ COMMENT - SCHEMA ${quoted} `);
  const kept = entries
    .split('\n')
    .filter((line) => !schemaComment.test(line) && !(schemaExists && schemaEntry.test(line)));
  writeFileSync(listFile, kept.join('\n'), { mode: 0o600 });
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--use-list=${listFile}`,
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
