/**
 * Every language's lexicon, and the lists the extractor reads built from all of them: a document's
 * language is never guessed first, so every word of every language counts everywhere. A new language is
 * one file like `en.ts`, added to LANGUAGES.
 */
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import type { CueFamily, Lexicon, RoleWords, SenderKind, VocabularyRole } from './lexicon';
import { ms } from './ms';
import { nl } from './nl';
import { pt } from './pt';

export const LANGUAGES: readonly Lexicon[] = [en, de, fr, es, it, nl, pt, ms];

/** One list of every language's lexicon, joined. */
export const inEveryLanguage = (list: (language: Lexicon) => readonly string[] | undefined): string[] =>
  LANGUAGES.flatMap((language) => list(language) ?? []);

/** Each key's words in every language. */
function byKey<K extends string>(
  keys: readonly K[],
  list: (language: Lexicon, key: K) => string[] | undefined,
) {
  const out = {} as Record<K, readonly string[]>;
  for (const key of keys) out[key] = inEveryLanguage((language) => list(language, key));
  return out;
}

/** Words as regular-expression alternatives, their special characters escaped. */
export const alternativesOf = (words: readonly string[]): string =>
  words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

/**
 * The patterns compiled from lists that hold regular-expression syntax (amount labels, date labels): the
 * ReDoS check (redos.test.ts) reads their sources here, as the source files show only `${...}`.
 */
export const LEXICON_PATTERNS: RegExp[] = [];

/** A pattern compiled from the lexicon's regular-expression alternatives, registered for the ReDoS check. */
export function fromLexicon(pattern: RegExp): RegExp {
  LEXICON_PATTERNS.push(pattern);
  return pattern;
}

const POSITIONS = [
  'anywhere',
  'start',
  'end',
  'stems',
  'whole',
  'heads',
  'amount',
  'sure',
  'unless',
] as const;

/** One summary role's words in every language. */
export function roleWords(role: VocabularyRole): Required<RoleWords> {
  const out = {} as Required<RoleWords>;
  for (const position of POSITIONS)
    out[position] = inEveryLanguage((language) => language.summary[role]?.[position]);
  return out;
}

/** The pattern naming `roles` in an amount's label: any of their `field` alternatives, between word edges. */
export function amountPattern(
  roles: VocabularyRole[],
  field: 'amount' | 'sure' | 'unless' = 'amount',
): RegExp {
  const alternatives = roles.flatMap((role) => roleWords(role)[field]);
  return fromLexicon(new RegExp(`\\b(${alternatives.join('|')})\\b`, 'i'));
}

/** Month names of every language, January first. */
export const MONTH_NAMES: readonly string[][] = Array.from({ length: 12 }, (_, m) => [
  ...new Set(inEveryLanguage((language) => language.months[m])),
]);

export const CUE_FAMILIES: readonly CueFamily[] = [
  'order',
  'refund',
  'shipping',
  'card',
  'marketing',
  'account',
  'bounce',
  'request',
];

/** The order classifier's cue phrases of every language, per family. */
export const ORDER_CUES = byKey(CUE_FAMILIES, (language, family) => language.orderCues[family]);

export const SHIPPING_SUBJECT: readonly string[] = inEveryLanguage((language) => language.shippingSubject);
export const SHIPPING_SUBJECT_EXCEPT: readonly string[] = inEveryLanguage(
  (language) => language.shippingSubjectExcept,
);

/** Sender local parts of every language by kind, in the order the kinds are tried (the first match names it). */
export const SENDER_KINDS = byKey<SenderKind>(
  ['noreply', 'bulk', 'commerce'],
  (language, kind) => language.senders[kind],
);
