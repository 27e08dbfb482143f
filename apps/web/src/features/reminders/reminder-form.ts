export interface ReminderFormValues {
  product_name: string;
  event_date: string;
}

export type ReminderFormErrors = Partial<Record<keyof ReminderFormValues, string>>;

/** SPEC section 5: product name non-empty after trimming, date non-empty. */
export function validateReminder(values: ReminderFormValues): ReminderFormErrors {
  const errors: ReminderFormErrors = {};
  if (!values.product_name.trim()) errors.product_name = 'Product name is required';
  if (!values.event_date) errors.event_date = 'Date is required';
  return errors;
}

/** The errors left after the user edits `field`: that field's error clears, the others stay. */
export function clearFieldError(
  errors: ReminderFormErrors,
  field: keyof ReminderFormValues,
): ReminderFormErrors {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/** How long the modal stays open after a successful add (SPEC section 9). */
export const CLOSE_AFTER_SUCCESS_MS = 1000;
/** The reminder toasts' auto-close (SPEC section 9). */
export const REMINDER_TOAST_MS = 3000;
/** The Set Reminders toasts show at the top centre and close after REMINDER_TOAST_MS. */
export const REMINDER_TOAST = { position: 'top-center', autoClose: REMINDER_TOAST_MS } as const;
