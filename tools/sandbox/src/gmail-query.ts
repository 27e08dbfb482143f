import type { StoredMessage } from './state';

/** A parsed Gmail search: a predicate over a stored message. */
export type Matcher = (message: StoredMessage, now: Date) => boolean;

type Token =
  | { kind: 'word'; value: string; quoted: boolean }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'or' }
  | { kind: 'not' };

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i] as string;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '(') {
      tokens.push({ kind: 'open' });
      i += 1;
    } else if (c === ')') {
      tokens.push({ kind: 'close' });
      i += 1;
    } else if (c === '-' && i + 1 < q.length && !/\s/.test(q[i + 1] as string)) {
      tokens.push({ kind: 'not' });
      i += 1;
    } else if (c === '"') {
      const end = q.indexOf('"', i + 1);
      const stop = end === -1 ? q.length : end;
      tokens.push({ kind: 'word', value: q.slice(i + 1, stop), quoted: true });
      i = stop + 1;
    } else {
      let j = i;
      // A field operator keeps its value, quoted or not: subject:"a b" or after:2024/01/01.
      while (j < q.length && !/[\s()]/.test(q[j] as string)) {
        if (q[j] === '"') {
          const end = q.indexOf('"', j + 1);
          j = end === -1 ? q.length : end + 1;
        } else j += 1;
      }
      const word = q.slice(i, j);
      tokens.push(
        word === 'OR' || word === '|' ? { kind: 'or' } : { kind: 'word', value: word, quoted: false },
      );
      i = j;
    }
  }
  return tokens;
}

const DAY = 86_400_000;

function parseDate(value: string): number | null {
  if (/^\d+$/.test(value)) return Number(value) * 1000; // epoch seconds
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

function relative(value: string, now: Date): number | null {
  const m = /^(\d+)([dmy])$/.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  const d = new Date(now);
  if (m[2] === 'd') return now.getTime() - n * DAY;
  if (m[2] === 'm') d.setMonth(d.getMonth() - n);
  else d.setFullYear(d.getFullYear() - n);
  return d.getTime();
}

function header(message: StoredMessage, field: 'subject' | 'from'): string {
  return (field === 'subject' ? message.subject : message.from).toLowerCase();
}

function fieldMatcher(field: string, value: string): Matcher {
  const v = value.replace(/^"|"$/g, '').toLowerCase();
  switch (field) {
    case 'subject':
      return (m) => header(m, 'subject').includes(v);
    case 'from':
      return (m) => header(m, 'from').includes(v);
    case 'after': {
      const at = parseDate(v);
      return (m) => at !== null && m.internalDate >= at;
    }
    case 'before': {
      const at = parseDate(v);
      return (m) => at !== null && m.internalDate < at;
    }
    case 'newer_than':
      return (m, now) => {
        const at = relative(v, now);
        return at !== null && m.internalDate >= at;
      };
    case 'older_than':
      return (m, now) => {
        const at = relative(v, now);
        return at !== null && m.internalDate < at;
      };
    case 'category':
      return (m) => m.labelIds.includes(`CATEGORY_${v.toUpperCase()}`);
    case 'label':
    case 'in':
      return (m) => m.labelIds.includes(v.toUpperCase()) || v === 'anywhere';
    case 'is':
      return (m) => m.labelIds.includes(v.toUpperCase());
    case 'has':
      return (m) => v === 'attachment' && /content-disposition:\s*attachment/i.test(m.haystack);
    default:
      return (m) => m.haystack.includes(`${field}:${v}`);
  }
}

/**
 * Parses the Gmail search syntax the sync uses: words and "phrases", field operators (subject:, from:,
 * after:, before:, newer_than:, older_than:, category:, label:, in:), OR, parentheses (also as an
 * operator's value, as in subject:(a OR b)) and -negation. Terms side by side must all match.
 */
export function parseGmailQuery(q: string): Matcher {
  const tokens = tokenize(q);
  let at = 0;

  function orExpr(field: string | null): Matcher {
    const parts = [andExpr(field)];
    while (tokens[at]?.kind === 'or') {
      at += 1;
      parts.push(andExpr(field));
    }
    return parts.length === 1 ? (parts[0] as Matcher) : (m, now) => parts.some((p) => p(m, now));
  }

  function andExpr(field: string | null): Matcher {
    const parts: Matcher[] = [];
    while (at < tokens.length && tokens[at]?.kind !== 'or' && tokens[at]?.kind !== 'close')
      parts.push(unary(field));
    return (m, now) => parts.every((p) => p(m, now));
  }

  function unary(field: string | null): Matcher {
    const token = tokens[at];
    if (!token) return () => true;
    if (token.kind === 'not') {
      at += 1;
      const inner = unary(field);
      return (m, now) => !inner(m, now);
    }
    if (token.kind === 'open') {
      at += 1;
      const inner = orExpr(field);
      if (tokens[at]?.kind === 'close') at += 1;
      return inner;
    }
    at += 1;
    if (token.kind !== 'word') return () => true;
    const colon = token.quoted ? -1 : token.value.indexOf(':');
    if (colon > 0) {
      const name = token.value.slice(0, colon).toLowerCase();
      const value = token.value.slice(colon + 1);
      if (value === '' && tokens[at]?.kind === 'open') {
        at += 1;
        const inner = orExpr(name);
        if (tokens[at]?.kind === 'close') at += 1;
        return inner;
      }
      return fieldMatcher(name, value);
    }
    if (field) return fieldMatcher(field, token.value);
    const word = token.value.toLowerCase();
    return (m) => m.haystack.includes(word);
  }

  const matcher = orExpr(null);
  return matcher;
}
