/** A line's column segments: text separated by two or more spaces. */
export const segments = (line: string) =>
  line
    .split(/\s{2,}/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Printed headers often put labels in one row and their values in the next ("Order  Date" above
 * "A-1001  05.03.2013"), or a label alone above its value. This adds "label: value" lines right after
 * such pairs, so label rules read them like any "Order: A-1001" line.
 * @example withColumnPairs(['Invoice  Date', 'INV-7  2024-01-02']) //=> ['Invoice  Date', 'Invoice: INV-7', 'Date: 2024-01-02', 'INV-7  2024-01-02']
 */
export function withColumnPairs(lines: string[]): string[] {
  const out: string[] = [];
  for (const [i, line] of lines.entries()) {
    out.push(line);
    const next = lines[i + 1];
    if (next === undefined) continue;
    const labels = segments(line);
    const values = segments(next);
    const isLabelRow =
      labels.length >= 1 && labels.every((l) => /^[\p{L}][\p{L}\s.'’()/#°-]*$/u.test(l) && l.length <= 40);
    if (!isLabelRow || !/\d/.test(next)) continue;
    if (labels.length >= 2 && values.length === labels.length) {
      for (const [k, label] of labels.entries()) out.push(`${label}: ${values[k]}`);
    } else if (labels.length === 1 && values.length >= 2) {
      // A label alone on its line, its value printed at the right of the next (two-column layouts).
      out.push(`${labels[0]}: ${values[values.length - 1]}`);
    }
  }
  return out;
}
