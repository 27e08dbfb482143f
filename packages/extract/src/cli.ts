import { readFile } from 'node:fs/promises';
import { extractBytes, kindOf, toOutput } from './extract-file';

/**
 * `npm run extract -- FILE...`: one JSON object per file, one per line, in input order. A file that
 * cannot be read gives `{"file", "error"}` and the others still print.
 */
async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    process.stderr.write('usage: npm run extract -- FILE.pdf|.eml|.html|.txt|.jpg|.png|.webp|.heic ...\n');
    return 2;
  }
  let failures = 0;
  for (const file of files) {
    try {
      const kind = kindOf(file);
      if (!kind)
        throw new Error(
          'unsupported file type: use .pdf, .eml, .html, .txt or a photo (.jpg, .png, .webp, .heic)',
        );
      const bytes = await readFile(file);
      process.stdout.write(`${JSON.stringify(toOutput(file, await extractBytes(kind, bytes)))}\n`);
    } catch (error) {
      failures += 1;
      const message =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message;
      process.stdout.write(`${JSON.stringify({ file, error: message })}\n`);
    }
  }
  return failures === files.length ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
