/** Where the buttons stand: a form's footer (stacked on a phone, Cancel below) or a confirmation dialog's. */
const LOOKS = {
  form: {
    row: 'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end',
    button: 'min-h-11 rounded-xl px-5 font-semibold',
    cancel: 'border border-slate-300 text-slate-700 hover:bg-slate-50',
  },
  dialog: {
    row: 'mt-6 flex flex-wrap justify-end gap-3',
    button: 'inline-flex min-h-11 items-center rounded-xl px-4 font-semibold',
    cancel: 'border border-slate-300 text-slate-800 hover:bg-slate-50',
  },
} as const;

const TONES = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:opacity-60',
  secondary: 'border border-blue-700 text-blue-700 hover:bg-blue-50 disabled:opacity-60',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50',
} as const;

interface Props {
  /** The main button's text; `busyLabel` takes its place while `isBusy`. */
  label: string;
  busyLabel?: string;
  /** A request is under way: the main button is off. */
  isBusy?: boolean;
  /** The main button is off for another reason (what was typed does not allow it yet). */
  isDisabled?: boolean;
  /** The main button calls this instead of submitting the form around it. */
  onConfirm?: () => void;
  tone?: keyof typeof TONES;
  look?: keyof typeof LOOKS;
  /** Cancel, before the main button; without it the main button stands alone. */
  onCancel?: () => void;
  /** Cancel is off too (a request that cannot be abandoned), and dims as the main button does. */
  isCancelDisabled?: boolean;
  /** Extra classes of the outer element: the row, or the main button when it stands alone. */
  className?: string;
}

/** The buttons that end a form or a dialog: Cancel and the main action, or the main action alone. */
export function FormActions({
  label,
  busyLabel = label,
  isBusy = false,
  isDisabled,
  onConfirm,
  tone = 'primary',
  look = 'form',
  onCancel,
  isCancelDisabled,
  className,
}: Props) {
  const { row, button, cancel } = LOOKS[look];
  const main = (
    <button
      type={onConfirm ? 'button' : 'submit'}
      onClick={onConfirm}
      disabled={isBusy || isDisabled}
      className={[button, TONES[tone], onCancel ? '' : className].filter(Boolean).join(' ')}
    >
      {isBusy ? busyLabel : label}
    </button>
  );
  if (!onCancel) return main;
  return (
    <div className={[row, className].filter(Boolean).join(' ')}>
      <button
        type="button"
        onClick={onCancel}
        disabled={isCancelDisabled}
        className={[button, cancel, isCancelDisabled === undefined ? '' : 'disabled:opacity-60']
          .filter(Boolean)
          .join(' ')}
      >
        Cancel
      </button>
      {main}
    </div>
  );
}
