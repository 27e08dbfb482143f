import { Icon, type IconName } from './Icon';

/**
 * A summary figure with its label (dashboard cards, receipt totals), and a hint at what it counts when the
 * label does not say.
 */
export function StatCard({
  label,
  value,
  icon,
  hint,
  tint = 'bg-blue-100 text-blue-800',
}: {
  label: string;
  value: string | number;
  icon: IconName;
  hint?: string;
  tint?: string;
}) {
  return (
    <li className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5">
      <span className={`rounded-xl p-3 ${tint}`}>
        <Icon name={icon} className="size-6" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-slate-700">{label}</span>
        <span className="block truncate text-2xl font-bold text-slate-900">{value}</span>
        {hint && <span className="block text-xs text-slate-600">{hint}</span>}
      </span>
    </li>
  );
}
