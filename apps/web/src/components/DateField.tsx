import { useId, useState } from 'react';
import { DatePicker } from './DatePicker';
import { FieldError } from './FieldError';
import { Icon } from './Icon';

interface Props {
  label: string;
  value: string;
  onChange: (isoDate: string) => void;
  placeholder?: string;
  error?: string | undefined;
  /** Visually hide the label (the placeholder says it); it stays the field's accessible name. */
  hideLabel?: boolean;
  clearable?: boolean;
}

/** A read-only date field that opens the date-picker popup on click, Enter or Space (SPEC section 5). */
export function DateField({ label, value, onChange, placeholder, error, hideLabel, clearable }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const errorId = useId();
  return (
    <div>
      <label className="block text-sm font-medium text-slate-800">
        <span className={hideLabel ? 'sr-only' : ''}>{label}</span>
        <span className="relative mt-1 block">
          <input
            readOnly
            value={value}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-haspopup="dialog"
            onClick={() => setIsOpen(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
                e.preventDefault();
                setIsOpen(true);
              }
            }}
            className={`block w-full cursor-pointer rounded-lg border bg-white px-3 py-2 pr-10 text-slate-900 placeholder:text-slate-500 ${
              error ? 'border-red-600' : 'border-slate-400'
            }`}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500">
            <Icon name="calendar" />
          </span>
        </span>
      </label>
      {clearable && value && (
        <button
          type="button"
          onClick={() => onChange('')}
          className="mt-1 text-xs font-medium text-blue-700 underline"
        >
          Clear {label.toLowerCase()}
        </button>
      )}
      <FieldError id={errorId} error={error} />
      {isOpen && (
        <DatePicker
          value={value}
          onClose={() => setIsOpen(false)}
          onSelect={(date) => {
            onChange(date);
            setIsOpen(false);
          }}
        />
      )}
    </div>
  );
}
