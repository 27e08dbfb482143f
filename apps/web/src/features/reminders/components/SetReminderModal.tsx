import { type FormEvent, useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { DateField } from '@/components/DateField';
import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';
import { showToast } from '@/components/show-toast';
import { TextField } from '@/components/TextField';
import {
  CLOSE_AFTER_SUCCESS_MS,
  clearFieldError,
  failedReminderText,
  keptReminderText,
  REMINDER_TOAST,
  type ReminderFormErrors,
  validateReminder,
} from '../reminder-form';
import { useCreateReminderMutation } from '../reminders-api';

const EMPTY = { product_name: '', event_date: '' };
const SUCCESS_TEXT = {
  google: 'Google reminder added successfully!',
  microsoft: 'Microsoft reminder added successfully!',
} as const;

/** Set Reminders: product name and date to an all-day event on the signed-in provider's calendar. */
export function SetReminderModal({ onClose }: { onClose: () => void }) {
  const provider = useAppSelector(selectProvider);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ReminderFormErrors>({});
  const [createReminder, { isLoading }] = useCreateReminderMutation();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateReminder(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!provider) {
      console.warn('No valid provider to add a reminder to');
      showToast('error', 'No valid provider found!', REMINDER_TOAST);
      return;
    }
    try {
      const created = await createReminder({
        provider,
        body: { product_name: values.product_name.trim(), event_date: values.event_date },
      }).unwrap();
      const isKept = created.calendar_connected === false;
      showToast('success', isKept ? keptReminderText(provider) : SUCCESS_TEXT[provider], REMINDER_TOAST);
      setValues(EMPTY);
      closeTimer.current = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    } catch (error) {
      console.error('Adding the reminder failed', error);
      showToast('error', failedReminderText(apiErrorMessage(error, '') || null), REMINDER_TOAST);
    }
  }

  return (
    <Modal title="Set Reminders" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Product name"
          hideLabel
          placeholder="Product name*"
          maxLength={500}
          value={values.product_name}
          error={errors.product_name}
          onChange={(product_name) => {
            setValues({ ...values, product_name });
            setErrors((current) => clearFieldError(current, 'product_name'));
          }}
        />
        <DateField
          label="Date"
          hideLabel
          placeholder="Date*"
          value={values.event_date}
          error={errors.event_date}
          onChange={(event_date) => {
            setValues({ ...values, event_date });
            setErrors((current) => clearFieldError(current, 'event_date'));
          }}
        />
        <FormActions label="Add" isBusy={isLoading} className="w-full" />
      </form>
    </Modal>
  );
}
