import { type InputHTMLAttributes, useId } from 'react';
import { FieldError } from './FieldError';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Read by screen readers only: the placeholder says it. */
  hideLabel?: boolean;
  /** Classes of the element around the field and its error (a grid span, say). */
  className?: string;
}

/** A labelled text input, red with its error message below when `error` is set. */
export function TextField({ label, value, onChange, error, hideLabel = false, className, ...input }: Props) {
  const errorId = useId();
  return (
    <div className={className}>
      <label className="block text-sm font-medium text-slate-800">
        {hideLabel ? <span className="sr-only">{label}</span> : label}
        <input
          {...input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${hideLabel ? '' : 'mt-1 '}block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 ${
            error ? 'border-red-600' : 'border-slate-400'
          }`}
        />
      </label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
