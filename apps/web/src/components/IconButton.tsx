import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './Icon';

const TONES = {
  neutral: 'text-slate-700 hover:bg-slate-100',
  primary: 'text-blue-700 hover:bg-blue-50',
  danger: 'text-red-700 hover:bg-red-50',
} as const;

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'className'> {
  icon: IconName;
  /** The accessible name: the button shows its icon only. */
  label: string;
  tone?: keyof typeof TONES;
  /** Display and placement classes: 'inline-flex' unless it shows at some widths only or sits offset. */
  layout?: string;
}

/** A 40px square button showing one icon (menu, close, edit, delete). */
export function IconButton({ icon, label, tone = 'neutral', layout = 'inline-flex', ...rest }: Props) {
  return (
    <button
      type="button"
      aria-label={label}
      className={`${layout} size-10 items-center justify-center rounded-lg ${TONES[tone]}`}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  );
}
