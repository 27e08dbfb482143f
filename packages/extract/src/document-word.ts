/**
 * What a document calls itself (an invoice, a receipt, an order), in the words of every language's
 * lexicon (lexicon/<language>.ts, `documentWords`): what the app names a purchase after when its document
 * shows no readable product line.
 */
import { alternativesOf, inEveryLanguage } from './lexicon';
import type { DocumentWord } from './lexicon/lexicon';
import type { Extraction } from './types';

const wordsFor = (word: DocumentWord) => alternativesOf(inEveryLanguage((l) => l.documentWords[word]));

/** Checked in this order, the first that matches wins. An invoice's word also starts its number's label. */
const DOCUMENT_WORDS: [RegExp, DocumentWord][] = [
  [new RegExp(`\\b(?:${wordsFor('invoice')})`, 'i'), 'invoice'],
  [new RegExp(`\\b(?:${wordsFor('receipt')})\\b`, 'i'), 'receipt'],
  [new RegExp(`\\b(?:${wordsFor('order')})\\b`, 'i'), 'order'],
];

const wordIn = (text: string): DocumentWord | null =>
  DOCUMENT_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/**
 * The word a document uses for itself: the label beside its number ("Rechnungsnummer R0005532486" is an
 * invoice), else its subject or first lines, else what its kind usually is (an e-mail an order, a till
 * receipt a receipt, a PDF an invoice).
 * @example documentWord({ kind: 'pdf', text: 'Rechnungsnummer R0005532486', order_id: 'R0005532486' } as Extraction) //=> 'invoice'
 */
export function documentWord(extraction: Extraction): DocumentWord {
  const lines = (extraction.text ?? '').split('\n');
  const id = extraction.order_id;
  const at = id ? lines.findIndex((line) => line.includes(id)) : -1;
  const labelled = at === -1 ? null : wordIn(`${lines[at - 1] ?? ''} ${lines[at]}`);
  const fallback = extraction.kind === 'email' ? 'order' : extraction.kind === 'text' ? 'receipt' : 'invoice';
  return (
    labelled ?? wordIn(extraction.email?.subject ?? '') ?? wordIn(lines.slice(0, 20).join(' ')) ?? fallback
  );
}
