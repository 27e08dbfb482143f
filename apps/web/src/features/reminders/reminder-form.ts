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

const CALENDAR_NAME = { google: 'Google Calendar', microsoft: 'Outlook calendar' } as const;

/** The toast after a reminder set while the calendar is disconnected: kept, written after reconnecting. */
export function keptReminderText(provider: keyof typeof CALENDAR_NAME): string {
  return `Reminder kept. It is added to your ${CALENDAR_NAME[provider]} once you sign in again.`;
}

/**
 * The spec's failure toast with the server's reason after it, when there is one.
 * @example failedReminderText('Google Calendar did not accept the request; try again later')
 * //=> 'Failed to add reminder! Google Calendar did not accept the request; try again later'
 */
export function failedReminderText(reason: string | null): string {
  return reason ? `Failed to add reminder! ${reason}` : 'Failed to add reminder!';
}
