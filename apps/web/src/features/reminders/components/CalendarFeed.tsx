import { useId, useRef, useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { Icon } from '@/components/Icon';
import { showToast } from '@/components/show-toast';
import { useGetFeedUrlQuery, useRotateFeedUrlMutation } from '../reminders-api';

/** Copies text, falling back to selecting the field when the Clipboard API is unavailable. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** The secret iCalendar feed URL (warranty expiries and reminders for any calendar app), copy and replace. */
export function CalendarFeed() {
  const { data, isLoading, isError } = useGetFeedUrlQuery();
  const [rotate, { isLoading: isRotating }] = useRotateFeedUrlMutation();
  const [status, setStatus] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const headingId = useId();

  async function onCopy() {
    if (!data) return;
    setStatus((await copyText(data.url, field.current)) ? 'Feed URL copied.' : 'Select the URL and copy it.');
  }

  async function onReplace() {
    try {
      await rotate().unwrap();
      setStatus('A new feed URL replaced the old one; the old URL no longer works.');
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The feed URL could not be replaced.'));
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Calendar feed
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Subscribe to this private address in Apple Calendar or any calendar app to see warranty expiries and
        reminders. Keep it secret; replace it if it leaks.
      </p>
      {isLoading ? (
        <p className="mt-3 text-sm text-slate-700">Loading feed URL...</p>
      ) : isError || !data ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Failed to load data. Please try again.
        </p>
      ) : (
        <>
          <label className="mt-3 block text-sm font-medium text-slate-800">
            Feed URL
            <input
              ref={field}
              readOnly
              value={data.url}
              onFocus={(e) => e.target.select()}
              className="mt-1 block w-full rounded-lg border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
            />
          </label>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => void onCopy()}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800"
            >
              <Icon name="copy" />
              Copy feed URL
            </button>
            <button
              type="button"
              onClick={() => void onReplace()}
              disabled={isRotating}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
            >
              <Icon name="refresh" />
              Replace feed URL
            </button>
          </div>
        </>
      )}
      <p role="status" className="mt-2 text-sm text-green-800">
        {status}
      </p>
    </section>
  );
}
