import { fileURLToPath } from 'node:url';
import { check, type Diagnostics } from 'recheck';
import { describe, expect, it } from 'vitest';
import { collectRegexes, type FoundRegex } from '../test/regex-sources';
import { LEXICON_PATTERNS } from './lexicon';
// Compiles the patterns built from the lexicon's regular-expression alternatives (amount and date labels).
import './fields/ranked';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Every package whose code reads mail, documents, provider answers or form fields. */
const DIRS = ['packages/extract/src', 'apps/server/src', 'tools/sandbox/src'];
/**
 * The only RegExp whose pattern is not in the sources: the sandbox's fault-injection route compiles what
 * the test harness sends it, never outside input. A new one fails the first test below.
 */
const NOT_IN_SOURCE = ['tools/sandbox/src/sandbox.ts'];

/**
 * recheck's verdict. Its default limits are partly in milliseconds, so a busy machine can make it guess;
 * a pattern not proven safe that way is checked again with limits counted in steps only (deterministic).
 */
async function verdict(regex: FoundRegex): Promise<Diagnostics> {
  const quick = await check(regex.source, regex.flags, { timeout: 30_000 });
  if (quick.status === 'safe') return quick;
  return check(regex.source, regex.flags, {
    timeout: 120_000,
    attackTimeout: null,
    incubationTimeout: null,
    seedingTimeout: null,
  });
}

describe('regular expressions over outside input', () => {
  const { found, unresolved } = collectRegexes(ROOT, DIRS);

  it('are all read from the sources', () => {
    expect(found.length).toBeGreaterThan(200);
    expect(found.map((r) => r.where)).toContain('packages/extract/src/line-amounts.ts:12');
    expect(unresolved.map((where) => where.replace(/:\d+$/, ''))).toEqual(NOT_IN_SOURCE);
  });

  it('none can backtrack catastrophically (recheck finds no attack string)', async () => {
    // The lexicon's patterns as compiled: the sources show their alternatives as one plain word.
    const built = LEXICON_PATTERNS.map((r, i) => ({
      where: `lexicon pattern ${i}`,
      source: r.source,
      flags: r.flags,
      approximate: false,
    }));
    expect(built.length).toBeGreaterThanOrEqual(18);
    // One at a time: recheck's time limits then measure one check, not a queue of them.
    const results: { regex: FoundRegex; diagnostics: Diagnostics }[] = [];
    for (const regex of [...found, ...built]) results.push({ regex, diagnostics: await verdict(regex) });
    const flagged = results
      .filter(({ diagnostics }) => diagnostics.status !== 'safe')
      .map(({ regex, diagnostics }) => {
        const why =
          diagnostics.status === 'vulnerable'
            ? `${diagnostics.complexity.type}, attack ${diagnostics.attack.pattern}`
            : `not decided (${diagnostics.status === 'unknown' ? diagnostics.error.kind : ''})`;
        return `${regex.where} /${regex.source}/${regex.flags}: ${why}`;
      });
    expect(flagged).toEqual([]);
  }, 900_000);
});
