import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './Icon';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  variant?: 'primary' | 'secondary';
}

/** A page-level action (Add New Purchase, Refresh Purchases, Upload Receipt, Set Reminder). */
export function ActionButton({ icon, variant = 'primary', className = '', children, ...rest }: Props) {
  const look =
    variant === 'primary'
      ? 'bg-blue-700 text-white hover:bg-blue-800'
      : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50';
  return (
    <button
      type="button"
      className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-4 font-semibold disabled:opacity-60 ${look} ${className}`}
      {...rest}
    >
      <Icon name={icon} />
      {children}
    </button>
  );
}
