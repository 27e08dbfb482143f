/**
 * The labelled documents training and the grouped bench read: the training corpus (SROIE with its text
 * boxes, silver CORD / ExpressExpense / Zenodo transcripts), the development corpus and the non-orders
 * written as training fixtures (training/negatives: refunds, card alerts, shipping notices...), in one shape,
 * each with its group and its side of the split (model/groups.json, drawn by groups.ts).
 *
 * A SROIE receipt that is also in the development corpus (`in_dev_corpus`, or the same text) is read
 * once, as the development corpus copy: that copy is what bench:extract has always scored.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readEmail } from '../src/email';
import { extractBytes, kindOf } from '../src/extract-file';
import { type CorpusName, type GroupedDoc, type GroupTable, groupOf, splitGroups, splitOf } from './grouping';
import { amountPrinted, datePrinted, namePrinted } from './printed';

export type { CorpusName } from './grouping';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const GROUPS_FILE = path.join(ROOT, 'packages/extract/model/groups.json');
/** Non-orders written for the order classifier: `<family>-<language>-<n>.txt|.eml`. */
export const NEGATIVES_DIR = path.join(ROOT, 'packages/extract/training/negatives');
const SILVER: CorpusName[] = ['cord', 'expressexpense', 'zenodo'];

export interface Box {
  text: string;
  box: [number, number, number, number];
}

export type LabelledInput =
  | { type: 'text'; text: string }
  | { type: 'boxes'; words: Box[]; size: [number, number]; image?: string; imageSha1?: string }
  | { type: 'file'; path: string; fileKind: 'pdf' | 'email' | 'text' | 'html' };

export interface LabelledProduct {
  name: string;
  quantity: number;
  price: string | null;
}

export interface LabelledTruth {
  is_order: boolean;
  merchant: string | null;
  merchant_aliases?: string[];
  order_id?: string | null;
  order_id_aliases?: string[];
  purchase_date: string | null;
  purchase_date_aliases?: string[];
  total: string | null;
  currency: string | null;
  products?: LabelledProduct[];
}

export interface LabelledDoc {
  /** Unique across corpora: "sroie/0002", "cord/0001", "dev/amazon-de-page-09.html". */
  id: string;
  corpus: CorpusName;
  silver: boolean;
  kind: 'email' | 'pdf' | 'text' | 'photo';
  input: LabelledInput;
  truth: LabelledTruth;
  /** Whether each field's truth is printed in the document: a field is scored only where it is. */
  printed: { merchant: boolean; purchase_date: boolean; total: boolean };
  group: string;
  lockbox: boolean;
  /** 0..4, -1 for the lockbox. */
  fold: number;
}

/** A document before the split: what the folders say, plus where it came from. */
export interface ReadDoc extends Omit<LabelledDoc, 'group' | 'lockbox' | 'fold' | 'printed'> {
  /** Null where the corpus records no check (development corpus, silver dates): searched for later. */
  printed: { merchant: boolean | null; purchase_date: boolean | null; total: boolean | null };
  /** "owner/repo" of the source, the group of a document without a merchant label. */
  source: string;
}

export interface LoadOptions {
  /** Default TRAIN_DIR, else ../shared/corpus/train from the repository root. */
  trainDir?: string;
  /** Default CORPUS_DIR, else ../shared/corpus (as bench:extract). */
  corpusDir?: string;
  /** The split to apply; default the committed model/groups.json. */
  table?: GroupTable;
  /** Default NEGATIVES_DIR. */
  negativesDir?: string;
}

export const defaultTrainDir = () => path.resolve(ROOT, process.env.TRAIN_DIR ?? '../shared/corpus/train');
export const defaultCorpusDir = () => path.resolve(ROOT, process.env.CORPUS_DIR ?? '../shared/corpus');

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const jsonFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort()
    : [];
const repositoryOf = (source: string) => (source.split(/[:@]/)[0] as string).trim();
/** One receipt's text, line-trimmed and without blank lines: equal for two copies of one transcript. */
const fingerprint = (text: string) =>
  createHash('sha1')
    .update(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .digest('hex');

interface DevTruth extends Omit<LabelledTruth, 'merchant' | 'purchase_date' | 'total' | 'currency'> {
  kind: 'pdf' | 'email' | 'text';
  merchant?: string | null;
  purchase_date?: string | null;
  total?: string | null;
  currency?: string | null;
  source: string;
}

function readDev(corpusDir: string): ReadDoc[] {
  const truthFile = path.join(corpusDir, 'truth.json');
  if (!existsSync(truthFile)) return [];
  const truth = readJson<Record<string, DevTruth>>(truthFile);
  const docs: ReadDoc[] = [];
  for (const [file, t] of Object.entries(truth).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const full = path.join(corpusDir, t.kind, file);
    const fileKind = kindOf(file);
    if (!existsSync(full) || !fileKind || fileKind === 'image') continue;
    docs.push({
      id: `dev/${file}`,
      corpus: 'dev',
      silver: false,
      kind: t.kind,
      input: { type: 'file', path: full, fileKind },
      truth: {
        is_order: t.is_order,
        merchant: t.merchant ?? null,
        ...(t.merchant_aliases ? { merchant_aliases: t.merchant_aliases } : {}),
        ...('order_id' in t ? { order_id: t.order_id ?? null } : {}),
        ...(t.order_id_aliases ? { order_id_aliases: t.order_id_aliases } : {}),
        purchase_date: t.purchase_date ?? null,
        ...(t.purchase_date_aliases ? { purchase_date_aliases: t.purchase_date_aliases } : {}),
        total: t.total ?? null,
        currency: t.currency ?? null,
        ...(t.products ? { products: t.products } : {}),
      },
      printed: { merchant: null, purchase_date: null, total: null },
      source: repositoryOf(t.source),
    });
  }
  return docs;
}

interface SroieJson {
  source: string;
  image_size: [number, number];
  image: string | null;
  image_sha1?: string;
  words: Box[];
  lines: string[];
  truth: {
    merchant: string | null;
    purchase_date: string | null;
    total: string | null;
    currency: string | null;
  };
  checks: { merchant_in_text: boolean; date_raw_in_text: boolean; total_in_text: boolean };
  in_dev_corpus?: string;
}

function readSroie(dir: string, devFiles: Set<string>, devTexts: Set<string>): ReadDoc[] {
  return jsonFiles(dir).flatMap((name): ReadDoc[] => {
    const d = readJson<SroieJson>(path.join(dir, name));
    if (d.in_dev_corpus && devFiles.has(d.in_dev_corpus)) return [];
    if (devTexts.has(fingerprint(d.lines.join('\n')))) return [];
    const image = d.image ? path.join(dir, d.image) : undefined;
    return [
      {
        id: `sroie/${name.replace(/\.json$/, '')}`,
        corpus: 'sroie',
        silver: false,
        // A scanned till receipt: a photo where the scan is at hand, its transcript otherwise.
        kind: image ? 'photo' : 'text',
        input: {
          type: 'boxes',
          words: d.words,
          size: d.image_size,
          ...(image ? { image } : {}),
          ...(d.image_sha1 ? { imageSha1: d.image_sha1 } : {}),
        },
        truth: {
          is_order: true,
          merchant: d.truth.merchant ?? null,
          purchase_date: d.truth.purchase_date ?? null,
          total: d.truth.total ?? null,
          currency: d.truth.currency ?? null,
        },
        printed: {
          merchant: d.checks.merchant_in_text,
          purchase_date: d.checks.date_raw_in_text,
          total: d.checks.total_in_text,
        },
        source: repositoryOf(d.source),
      },
    ];
  });
}

interface SilverJson {
  source: string;
  text?: string;
  truth: {
    merchant: string | null;
    purchase_date: string | null;
    total: string | null;
    currency: string | null;
    products?: LabelledProduct[];
  };
  checks: { merchant_in_text?: boolean; total_in_text?: boolean };
}

function readSilver(dir: string, corpus: CorpusName): ReadDoc[] {
  return jsonFiles(dir).flatMap((name): ReadDoc[] => {
    const d = readJson<SilverJson>(path.join(dir, name));
    const txt = path.join(dir, name.replace(/\.json$/, '.txt'));
    const text = existsSync(txt) ? readFileSync(txt, 'utf8') : (d.text ?? '');
    if (text.trim() === '') return [];
    const t = d.truth;
    return [
      {
        id: `${corpus}/${name.replace(/\.json$/, '')}`,
        corpus,
        silver: true,
        kind: 'text',
        input: { type: 'text', text },
        truth: {
          is_order: true,
          merchant: t.merchant ?? null,
          purchase_date: t.purchase_date ?? null,
          total: t.total ?? null,
          currency: t.currency ?? null,
          ...(t.products && t.products.length > 0 ? { products: t.products } : {}),
        },
        printed: {
          merchant: Boolean(t.merchant) && d.checks.merchant_in_text === true,
          purchase_date: datePrinted(t.purchase_date, text),
          total: Boolean(t.total) && d.checks.total_in_text === true,
        },
        source: repositoryOf(d.source),
      },
    ];
  });
}

/**
 * The written non-orders: each is no order, with no purchase field. Grouped by family and language (the
 * file name before its number), so cross-validation holds a kind of message in one language out at once.
 */
function readNegatives(dir: string): ReadDoc[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => /\.(txt|eml)$/.test(n))
    .sort()
    .map((name): ReadDoc => {
      const email = name.endsWith('.eml');
      return {
        id: `negatives/${name}`,
        corpus: 'negatives',
        silver: false,
        kind: email ? 'email' : 'text',
        input: { type: 'file', path: path.join(dir, name), fileKind: email ? 'email' : 'text' },
        truth: { is_order: false, merchant: null, purchase_date: null, total: null, currency: null },
        printed: { merchant: false, purchase_date: false, total: false },
        source: `negatives/${name.replace(/-\d+\.(txt|eml)$/, '')}`,
      };
    });
}

/**
 * Every labelled document of both corpora and the written non-orders, before the split (synchronous, no extraction): what
 * groups.ts draws the groups from. Development-corpus `printed` flags are left null here.
 */
export function readLabelled(options: Omit<LoadOptions, 'table'> = {}): ReadDoc[] {
  const negatives = readNegatives(options.negativesDir ?? NEGATIVES_DIR);
  const trainDir = options.trainDir ?? defaultTrainDir();
  const corpusDir = options.corpusDir ?? defaultCorpusDir();
  const dev = readDev(corpusDir);
  const devFiles = new Set(dev.map((d) => path.basename(d.id)));
  const devTexts = new Set(
    dev.flatMap((d) =>
      d.input.type === 'file' && d.input.fileKind === 'text'
        ? [fingerprint(readFileSync(d.input.path, 'utf8'))]
        : [],
    ),
  );
  return [
    ...readSroie(path.join(trainDir, 'sroie'), devFiles, devTexts),
    ...SILVER.flatMap((c) => readSilver(path.join(trainDir, 'silver', c), c)),
    ...dev,
    ...negatives,
  ];
}

export const asGrouped = (d: ReadDoc): GroupedDoc => ({
  corpus: d.corpus,
  merchant: d.truth.merchant,
  source: d.source,
});

/** The committed split table, or null when groups.ts has not written it yet. */
export function committedTable(): GroupTable | null {
  return existsSync(GROUPS_FILE) ? readJson<GroupTable>(GROUPS_FILE) : null;
}

/** A development document's text as the extractor reads it: body, the headers a reader sees, and an attached receipt. */
async function devText(input: Extract<LabelledInput, { type: 'file' }>): Promise<string> {
  const bytes = readFileSync(input.path);
  if (input.fileKind === 'text') return bytes.toString('utf8');
  if (input.fileKind !== 'email') return (await extractBytes(input.fileKind, bytes)).text ?? '';
  const { extraction, receipt } = await readEmail(bytes);
  const e = extraction.email;
  return [e?.subject, e?.from_name, e?.date, extraction.text, receipt?.extraction.text]
    .filter((part): part is string => Boolean(part))
    .join('\n');
}

/**
 * Development-corpus documents carry no `checks.*_in_text`: their text as the extractor reads it is
 * searched with printed.ts (merchant or an alias as a substring; the date or an alias in any common
 * rendering; the total in any common amount format, not touching other digits). A null truth is not printed.
 */
async function devPrinted(doc: ReadDoc): Promise<LabelledDoc['printed']> {
  if (doc.input.type !== 'file') throw new Error(`${doc.id}: not a file`);
  const text = await devText(doc.input);
  const t = doc.truth;
  return {
    merchant: namePrinted([t.merchant, ...(t.merchant_aliases ?? [])], text),
    purchase_date: [t.purchase_date, ...(t.purchase_date_aliases ?? [])].some((d) => datePrinted(d, text)),
    total: amountPrinted(t.total, text),
  };
}

/**
 * The labelled documents with their group and split. Asynchronous because the development corpus's
 * `printed` flags need its PDFs and e-mails read (about two seconds).
 */
export async function loadLabelled(options: LoadOptions = {}): Promise<LabelledDoc[]> {
  const read = readLabelled(options);
  const table = options.table ?? committedTable() ?? splitGroups(read.map(asGrouped));
  const docs: LabelledDoc[] = [];
  for (const d of read) {
    const { source: _source, ...rest } = d;
    const printed =
      d.corpus === 'dev'
        ? await devPrinted(d)
        : {
            merchant: d.printed.merchant ?? false,
            purchase_date: d.printed.purchase_date ?? false,
            total: d.printed.total ?? false,
          };
    const group = groupOf(asGrouped(d));
    docs.push({ ...rest, printed, group, ...splitOf(table, group) });
  }
  return docs;
}
