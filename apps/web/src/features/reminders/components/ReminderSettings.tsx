import type { Settings } from '@warrantly/contract/reminders';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { FormActions } from '@/components/FormActions';
import { showToast } from '@/components/show-toast';
import { useGetSettingsQuery, useUpdateSettingsMutation } from '../reminders-api';

const LEAD_DAYS = [1, 3, 7, 14, 30, 60, 90];
const selectClass = 'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900';

/** Warranty-expiry reminders: days before the end, or off (the default currency is an Account setting). */
export function ReminderSettings() {
  const { data, isLoading, isError } = useGetSettingsQuery();
  const [update, { isLoading: isSaving }] = useUpdateSettingsMutation();
  const [form, setForm] = useState<Pick<Settings, 'warranty_reminder_days'> | null>(null);
  const headingId = useId();

  useEffect(() => {
    if (data) setForm({ warranty_reminder_days: data.warranty_reminder_days });
  }, [data]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form) return;
    try {
      await update(form).unwrap();
      showToast('success', 'Settings saved.');
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The settings could not be saved.'));
    }
  }

  const leadOptions =
    form?.warranty_reminder_days && !LEAD_DAYS.includes(form.warranty_reminder_days)
      ? [...LEAD_DAYS, form.warranty_reminder_days].sort((a, b) => a - b)
      : LEAD_DAYS;

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Reminder settings
      </h2>
      {isLoading || (!form && !isError) ? (
        <p className="mt-3 text-sm text-slate-700">Loading settings...</p>
      ) : isError || !form ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Failed to load data. Please try again.
        </p>
      ) : (
        <form onSubmit={onSubmit} className="mt-3 space-y-3">
          <label className="block text-sm font-medium text-slate-800">
            Warranty reminder
            <select
              value={form.warranty_reminder_days ?? ''}
              onChange={(e) =>
                setForm({ ...form, warranty_reminder_days: e.target.value ? Number(e.target.value) : null })
              }
              className={selectClass}
            >
              <option value="">Off</option>
              {leadOptions.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? '1 day' : `${d} days`} before expiry
                </option>
              ))}
            </select>
          </label>
          <FormActions label="Save settings" busyLabel="Saving..." isBusy={isSaving} tone="secondary" />
        </form>
      )}
    </section>
  );
}
