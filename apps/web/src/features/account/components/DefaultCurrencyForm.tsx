import { type FormEvent, useEffect, useId, useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { FormActions } from '@/components/FormActions';
import { showToast } from '@/components/show-toast';
import { useGetAccountSettingsQuery, useUpdateAccountSettingsMutation } from '../account-api';

/** The currencies offered; a code the account already has is offered too. */
const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'CHF',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'INR',
  'BDT',
];

/** The account's default currency: what an amount typed without one is in, and the first of the totals. */
export function DefaultCurrencyForm() {
  const { data, isLoading, isError } = useGetAccountSettingsQuery();
  const [update, { isLoading: isSaving }] = useUpdateAccountSettingsMutation();
  const [currency, setCurrency] = useState<string | null>(null);
  const hintId = useId();

  useEffect(() => {
    if (data) setCurrency(data.default_currency);
  }, [data]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!currency) return;
    try {
      await update({ default_currency: currency }).unwrap();
      showToast('success', 'Default currency saved.');
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The default currency could not be saved.'));
    }
  }

  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load data. Please try again.
      </p>
    );
  }
  if (isLoading || !currency) return <p className="text-sm text-slate-700">Loading settings...</p>;
  const currencies = CURRENCIES.includes(currency) ? CURRENCIES : [currency, ...CURRENCIES];
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <label className="block text-sm font-medium text-slate-800">
        Default currency
        <select
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          aria-describedby={hintId}
          className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
        >
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        Amounts written without a currency are in this one; changing it updates them and your totals.
      </p>
      <FormActions label="Save currency" busyLabel="Saving..." isBusy={isSaving} tone="secondary" />
    </form>
  );
}
