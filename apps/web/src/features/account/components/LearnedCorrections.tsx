import type { LearnedEntry } from '@warrantly/contract/memory';
import { apiErrorMessage } from '@/app/api';
import { ActionButton } from '@/components/ActionButton';
import { showToast } from '@/components/show-toast';
import { formatDateTime } from '@/lib/dates';
import { useForgetLearnedMutation, useGetLearnedQuery } from '../account-api';

const FIELD = { merchant: 'Shop name', total: 'Total', purchase_date: 'Purchase date' } as const;

/** What one entry does, in words: "Shop name: Oakridge" or "Total: found where 120.00 was printed". */
function describe(entry: LearnedEntry): string {
  if (entry.kind === 'alias') return `${FIELD.merchant}: ${entry.value ?? ''}`;
  return `${FIELD[entry.field]}: read where it was printed${entry.value ? ` (last ${entry.value})` : ''}`;
}

/**
 * "Learned from your corrections": what Warrantly remembers from the user's fixes to purchases read from
 * documents, each tied to what it was learned under, and forgotten one by one.
 */
export function LearnedCorrections() {
  const { data, isLoading, isError } = useGetLearnedQuery(undefined, { refetchOnMountOrArgChange: true });
  const [forget, { isLoading: isForgetting }] = useForgetLearnedMutation();

  async function onForget(entry: LearnedEntry) {
    try {
      await forget(entry.id).unwrap();
      showToast('success', 'Forgotten. It will not be used again.');
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'It could not be forgotten. Please try again.'));
    }
  }

  if (isLoading) return <p className="text-sm text-slate-600">Loading…</p>;
  if (isError || !data) return <p className="text-sm text-red-700">What was learned could not be loaded.</p>;
  if (data.entries.length === 0)
    return (
      <p className="text-sm text-slate-700">
        Nothing yet. When you correct the shop, the total or the date of a purchase read from an e-mail or a
        receipt, Warrantly remembers it for the next document from the same sender.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100" aria-label="Learned from your corrections">
      {data.entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="break-words text-sm font-medium text-slate-900">{describe(entry)}</p>
            <p className="break-words text-xs text-slate-600">
              {entry.keyed_by} · {entry.uses === 1 ? 'once' : `${entry.uses} times`} ·{' '}
              {formatDateTime(entry.updated_at)}
            </p>
            {entry.dropped && (
              <p className="mt-1 text-xs font-semibold text-amber-800">
                Not used: your corrections for it disagreed
              </p>
            )}
          </div>
          <ActionButton
            icon="trash"
            variant="secondary"
            disabled={isForgetting}
            onClick={() => void onForget(entry)}
            aria-label={`Forget ${describe(entry)} (${entry.keyed_by})`}
          >
            Forget
          </ActionButton>
        </li>
      ))}
    </ul>
  );
}
