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

/** One step of addContext: set a word's feature to 1, or add a trigram's share. */
type ContextStep = { name: string; set: true } | { name: string; set: false; add: number };

/**
 * The steps of addContext by slot, word count and text: a line is the context of many candidates (and of
 * the same one for several fields), so its words and feature names are worked out once. Only line-sized
 * texts are kept (a whole body is read once), and the cache is cleared when full: a long-running process
 * keeps it bounded.
 */
const steps = new Map<string, ContextStep[]>();
const MAX_CACHED = 5_000;
const MAX_CACHED_TEXT = 200;

function contextSteps(slot: string, text: string, maxWords: number): ContextStep[] {
  const key = text.length <= MAX_CACHED_TEXT ? `${slot}\u0000${maxWords}\u0000${text}` : null;
  let out = key === null ? undefined : steps.get(key);
  if (out) return out;
  out = [];
  for (const word of wordsOf(joinSpacedLetters(text)).slice(-maxWords)) {
    out.push({ name: `w:${slot}:${word}`, set: true });
    const padded = ` ${word} `;
    const grams = padded.length - 2;
    for (let i = 0; i < grams; i += 1)
      out.push({ name: `w:${slot}3:${padded.slice(i, i + 3)}`, set: false, add: 1 / grams });
  }
  if (key === null) return out;
  if (steps.size >= MAX_CACHED) steps.clear();
  steps.set(key, out);
  return out;
}

/**
 * Adds `w:<slot>:<word>` for the last `maxWords` words of `text`, and `w:<slot>3:<trigram>` for their
 * character 3-grams (weighted so that each word's trigrams add up to 1).
 */
export function addContext(features: Features, slot: string, text: string, maxWords = 4): void {
  const list = contextSteps(slot, text, maxWords);
  for (const step of list) {
    if (step.set) features[step.name] = 1;
    else features[step.name] = (features[step.name] ?? 0) + step.add;
  }
  if (list.length === 0) features[`${slot}:empty`] = 1;
}
