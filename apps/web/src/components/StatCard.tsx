import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/**
 * A summary figure with its label (dashboard cards, receipt totals), and a hint at what it counts when the
 * label does not say. `more` are figures beside the main one that cannot be added to it (totals in other
 * currencies): under it side by side, or one a line on a phone. `symbol` (a currency's, say) stands in the
 * icon's place.
 */
export function StatCard({
  label,
  value,
  more = [],
  icon,
  symbol,
  hint,
  tint = 'bg-blue-100 text-blue-800',
}: {
  label: string;
  value: ReactNode;
  more?: readonly string[];
  icon: IconName;
  symbol?: string | undefined;
  hint?: string;
  tint?: string;
}) {
  return (
    <li className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5">
      <span className={`flex size-12 shrink-0 items-center justify-center rounded-xl ${tint}`}>
        {symbol ? (
          <span aria-hidden="true" className="max-w-11 truncate text-lg font-bold leading-none">
            {symbol}
          </span>
        ) : (
          <Icon name={icon} className="size-6" />
        )}
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-slate-700">{label}</span>
        <span className="block truncate text-2xl font-bold text-slate-900">{value}</span>
        {more.length > 0 && (
          <span className="mt-1 flex flex-col items-start gap-1 sm:flex-row sm:flex-wrap">
            {more.map((figure) => (
              <span
                key={figure}
                className="rounded-md bg-slate-100 px-1.5 py-0.5 text-sm font-semibold text-slate-800"
              >
                {figure}
              </span>
            ))}
          </span>
        )}
        {hint && <span className="block text-xs text-slate-600">{hint}</span>}
      </span>
    </li>
  );
}
