/**
 * Context words as features: the words left of a candidate on its line and on the line above, lower-cased
 * and without accents, each also as character 3-grams so that a mis-read label ("Tatal", "T0TAL",
 * "S U M M E") lands near its prototype. The model learns which words matter; no word list is involved.
 */
import type { Features } from '../model/ranker';

/** Letters only, lower case, accents dropped: "Gesamtbetrag:" -> "gesamtbetrag". */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 2);
}

/** Spaced-out labels ("S U M M E", "T O T A L") read as one word. */
function joinSpacedLetters(text: string): string {
  return text.replace(/\b(?:\p{L} ){2,}\p{L}\b/gu, (spaced) => spaced.replace(/ /g, ''));
}

/**
 * Adds `w:<slot>:<word>` for the last `maxWords` words of `text`, and `w:<slot>3:<trigram>` for their
 * character 3-grams (weighted so that each word's trigrams add up to 1).
 */
export function addContext(features: Features, slot: string, text: string, maxWords = 4): void {
  const words = wordsOf(joinSpacedLetters(text)).slice(-maxWords);
  for (const word of words) {
    features[`w:${slot}:${word}`] = 1;
    const padded = ` ${word} `;
    const grams = padded.length - 2;
    for (let i = 0; i < grams; i += 1) {
      const key = `w:${slot}3:${padded.slice(i, i + 3)}`;
      features[key] = (features[key] ?? 0) + 1 / grams;
    }
  }
  if (words.length === 0) features[`${slot}:empty`] = 1;
}
