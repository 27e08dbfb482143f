import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/**
 * A summary figure with its label (dashboard cards, receipt totals), and a hint at what it counts when the
 * label does not say. `more` are figures beside the main one that cannot be added to it (totals in other
 * currencies): after it on a line, or one a line on a phone. `symbol` (a currency's, say) stands in the
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
        <span className="flex flex-col sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-1.5">
          <span className="truncate text-2xl font-bold text-slate-900">{value}</span>
          {more.map((figure) => (
            <span key={figure} className="text-base font-semibold text-slate-800">
              <span aria-hidden="true" className="mr-1.5 hidden text-slate-500 sm:inline">
                ·
              </span>
              {figure}
            </span>
          ))}
        </span>
        {hint && <span className="block text-xs text-slate-600">{hint}</span>}
      </span>
    </li>
  );
}
