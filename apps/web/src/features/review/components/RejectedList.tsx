import type { DocumentKind, RejectedItem } from '@warrantly/contract/review';
import { REJECTION_DAYS } from '@warrantly/contract/review';
import { Icon } from '@/components/Icon';
import { localDay } from '../review-words';

const KIND_LABEL: Record<DocumentKind, string> = { email: 'E-mail', pdf: 'PDF', photo: 'Photo' };

interface Props {
  items: RejectedItem[];
  onRestore: (item: RejectedItem) => void;
  restoringId: string | null;
}

/** What was rejected lately: only the kind and the days are known (the rest was deleted), with Restore. */
export function RejectedList({ items, onRestore, restoringId }: Props) {
  return (
    <section aria-labelledby="rejected-heading" className="mt-8">
      <h2 id="rejected-heading" className="text-lg font-semibold text-slate-900">
        Rejected
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Sync and upload skip what you rejected. Restore it within {REJECTION_DAYS} days to have it read again.
      </p>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nothing rejected in the last {REJECTION_DAYS} days.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((item) => {
            const name = `${KIND_LABEL[item.kind]} rejected on ${localDay(item.rejected_at)}`;
            return (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">{name}</p>
                  <p className="text-slate-600">Can be restored until {localDay(item.restorable_until)}</p>
                </div>
                <button
                  type="button"
                  onClick={() => onRestore(item)}
                  disabled={restoringId !== null}
                  aria-label={`Restore ${name}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                >
                  <Icon name="undo" />
                  {restoringId === item.id ? 'Restoring…' : 'Restore'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
