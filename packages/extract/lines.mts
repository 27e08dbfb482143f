import { readFileSync } from 'node:fs';
import { extractBytes, kindOf } from '@warrantly/extract/extract-file';

for (const f of process.argv.slice(2)) {
  const e = await extractBytes(kindOf(f)!, readFileSync(f));
  console.log('=====', f);
  console.log(
    (e.text ?? '')
      .split('\n')
      .slice(0, 60)
      .map((l, i) => `${i}: ${l}`)
      .join('\n'),
  );
}
