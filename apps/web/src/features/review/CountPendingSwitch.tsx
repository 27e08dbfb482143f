import { useId } from 'react';
import { apiErrorMessage } from '@/app/api';
import { showToast } from '@/components/show-toast';
import { useGetReviewInboxQuery, useUpdateReviewSettingsMutation } from './review-api';

/** The Account page's switch: whether purchases waiting for review count in the totals. */
export function CountPendingSwitch() {
  const { data, isLoading, isError } = useGetReviewInboxQuery();
  const [update, { isLoading: isSaving }] = useUpdateReviewSettingsMutation();
  const hintId = useId();

  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load data. Please try again.
      </p>
    );
  }
  if (isLoading || !data) return <p className="text-sm text-slate-700">Loading settings...</p>;
  const isOn = data.count_pending_in_totals;

  async function onToggle() {
    try {
      await update({ count_pending_in_totals: !isOn }).unwrap();
      showToast(
        'success',
        isOn
          ? 'Purchases to review are left out of your totals.'
          : 'Purchases to review count in your totals.',
      );
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The setting could not be saved.'));
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-4">
        <span id={`${hintId}-label`} className="text-sm font-medium text-slate-800">
          Count purchases to review in the totals
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={isOn}
          aria-labelledby={`${hintId}-label`}
          aria-describedby={hintId}
          disabled={isSaving}
          onClick={() => void onToggle()}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${
            isOn ? 'bg-blue-700' : 'bg-slate-400'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
              isOn ? 'translate-x-6' : 'translate-x-1'
            }`}
          />
        </button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        Purchases read from your mail or receipts wait on the Review page until you look at them. When this is
        off, they count in your totals only once you accept them.
      </p>
    </div>
  );
}
