import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, renameSync, statSync, writeFileSync } from 'node:fs';

/**
 * Creates `dir` (and missing parents) readable by this user only, and tightens it when it exists. A shared
 * sticky folder such as /tmp is left as it is: it is not ours to close.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = statSync(dir).mode;
  if ((mode & 0o1000) === 0 && (mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** Creates `file` empty when absent, and makes it readable and writable by this user only (0600). */
export function privateFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/** Writes all of `content` to `file` (mode 0600) or nothing: a temporary file renamed into place. */
export function writePrivateFileAtomic(file: string, content: string): void {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx', flush: true });
  renameSync(temporary, file);
}
