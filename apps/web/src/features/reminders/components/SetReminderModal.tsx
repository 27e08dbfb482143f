import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { DateField } from '@/components/DateField';
import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';
import { showToast } from '@/components/show-toast';
import {
  CLOSE_AFTER_SUCCESS_MS,
  clearFieldError,
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
  const nameErrorId = useId();

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
      await createReminder({
        provider,
        body: { product_name: values.product_name.trim(), event_date: values.event_date },
      }).unwrap();
      showToast('success', SUCCESS_TEXT[provider], REMINDER_TOAST);
      setValues(EMPTY);
      closeTimer.current = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    } catch (error) {
      console.error('Adding the reminder failed', error);
      showToast('error', 'Failed to add reminder!', REMINDER_TOAST);
    }
  }

  return (
    <Modal title="Set Reminders" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <label className="block text-sm font-medium text-slate-800">
            <span className="sr-only">Product name</span>
            <input
              value={values.product_name}
              placeholder="Product name*"
              maxLength={500}
              aria-invalid={errors.product_name ? true : undefined}
              aria-describedby={errors.product_name ? nameErrorId : undefined}
              onChange={(e) => {
                setValues({ ...values, product_name: e.target.value });
                setErrors((current) => clearFieldError(current, 'product_name'));
              }}
              className={`block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 ${
                errors.product_name ? 'border-red-600' : 'border-slate-400'
              }`}
            />
          </label>
          {errors.product_name && (
            <p id={nameErrorId} className="mt-1 text-sm text-red-700">
              {errors.product_name}
            </p>
          )}
        </div>
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
