import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './index';

describe('every language lexicon', () => {
  // These lists are looked up in lower-cased text: a word with a capital would never match.
  it('writes its looked-up words in lower case', () => {
    const positions = ['anywhere', 'start', 'end', 'stems', 'whole', 'heads'] as const;
    for (const language of LANGUAGES) {
      const words = [
        ...Object.values(language.summary).flatMap((role) => positions.flatMap((p) => role?.[p] ?? [])),
        ...language.months.flat(),
        ...Object.values(language.columnHeads).flat(),
      ];
      expect(words.filter((w) => w !== w.toLowerCase())).toEqual([]);
    }
  });

  it('names all twelve months or none', () => {
    for (const language of LANGUAGES) expect([0, 12]).toContain(language.months.length);
  });
});
