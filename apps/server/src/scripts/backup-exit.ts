import { BackupError } from '../backup/manifest';
import { KeyCheckError } from '../storage/keys';

/**
 * Ends `npm run backup` or `npm run restore` with `run`'s exit code; on an error the operator can act on (a
 * damaged backup, keys that do not match) exit 1 with `failed: message`, on any other the whole error.
 */
export function exitWhenDone(run: Promise<number>, failed: string): void {
  run.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        error instanceof BackupError || error instanceof KeyCheckError
          ? `${failed}: ${error.message}`
          : error,
      );
      process.exit(1);
    },
  );
}
