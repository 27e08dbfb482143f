import type { Purchase } from '@warrantly/contract/purchases';
import type { ReviewItem } from '@warrantly/contract/review';
import { useId } from 'react';
import { Icon } from '@/components/Icon';
import { IconButton } from '@/components/IconButton';
import { formatAmount, orNotProvided } from '@/lib/format';
import { CHANNEL_LABEL, confidenceText, FIELD_LABEL, itemTitle, localDay } from '../review-words';
import { DocumentSource } from './DocumentSource';

interface Props {
  item: ReviewItem;
  isSelected: boolean;
  onSelect: (isSelected: boolean) => void;
  onAccept: () => void;
  onReject: () => void;
  onEdit: (line: Purchase) => void;
  isBusy: boolean;
}

/**
 * One purchase waiting: what was read, field by field with how sure the reading was (a field to check
 * is marked and says why), its product lines, and the document it was read from beside them.
 */
export function ReviewItemCard({ item, isSelected, onSelect, onAccept, onReject, onEdit, isBusy }: Props) {
  const headingId = useId();
  const title = itemTitle(item);
  const toCheck = item.fields.filter((f) => f.needs_review).length;
  // One product is edited from the card's Edit; several each from their own line.
  const hasSeveralLines = item.lines.length > 1;
  const onlyLine = item.lines.length === 1 ? item.lines[0] : undefined;

  return (
    <li>
      <article
        aria-labelledby={headingId}
        // Focus lands here when the item before it was accepted or rejected.
        tabIndex={-1}
        className={`rounded-2xl border bg-white p-4 sm:p-5 ${isSelected ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200'}`}
      >
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={isSelected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select ${title}`}
            className="mt-1.5 size-5 shrink-0 accent-blue-700"
          />
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
              {title}
            </h2>
            <p className="text-sm text-slate-600">
              {CHANNEL_LABEL[item.channel]} · {localDay(item.created_at)} · Order {item.order_id}
            </p>
          </div>
        </div>

        <div className="mt-4 grid gap-5 lg:grid-cols-2">
          <div className="min-w-0 space-y-4">
            <section aria-label={`What was read for ${title}`}>
              <p className="text-sm font-medium text-slate-700">
                {toCheck === 1 ? '1 field to check' : `${toCheck} fields to check`}
              </p>
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
                {item.fields.map((f) => (
                  <li
                    key={f.field}
                    className={`px-3 py-2 text-sm ${f.needs_review ? 'border-l-4 border-l-amber-500 bg-amber-50' : ''}`}
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <span className="font-medium text-slate-700">
                        {f.needs_review && (
                          <>
                            <Icon name="warning" className="mr-1 inline size-4 align-[-2px] text-amber-700" />
                            <span className="sr-only">Check: </span>
                          </>
                        )}
                        {FIELD_LABEL[f.field]}
                      </span>
                      <span className="min-w-0 text-right break-words text-slate-900">
                        {orNotProvided(f.value)}
                        <span className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                          {confidenceText(f.confidence) ?? 'no figure'}
                          <span className="sr-only"> sure</span>
                        </span>
                      </span>
                    </div>
                    {f.needs_review && f.reason && <p className="mt-1 text-amber-900">{f.reason}</p>}
                  </li>
                ))}
              </ul>
            </section>

            <section aria-label={`Products of ${title}`}>
              <p className="text-sm font-medium text-slate-700">
                {item.lines.length === 1 ? '1 product' : `${item.lines.length} products`}
              </p>
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
                {item.lines.map((line) => (
                  <li key={line.id} className="flex items-center gap-2 py-1 pr-1 pl-3 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words text-slate-900">{line.product_name}</p>
                      <p className="text-slate-600">
                        {orNotProvided(line.shop_name)} · {orNotProvided(line.purchase_date)} ·{' '}
                        {formatAmount(line, '$')}
                      </p>
                    </div>
                    {hasSeveralLines && (
                      <IconButton
                        icon="edit"
                        label={`Edit ${line.product_name}`}
                        tone="primary"
                        onClick={() => onEdit(line)}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </section>

            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={onAccept}
                disabled={isBusy}
                aria-label={`Accept ${title}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
              >
                <Icon name="check" />
                Accept
              </button>
              {onlyLine && (
                <button
                  type="button"
                  onClick={() => onEdit(onlyLine)}
                  disabled={isBusy}
                  aria-label={`Edit ${title}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                >
                  <Icon name="edit" />
                  Edit
                </button>
              )}
              <button
                type="button"
                onClick={onReject}
                disabled={isBusy}
                aria-label={`Reject ${title}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-red-300 bg-white px-4 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
              >
                <Icon name="trash" />
                Reject
              </button>
            </div>
          </div>

          <section aria-label={`Source of ${title}`} className="min-w-0">
            <DocumentSource documents={item.documents} title={title} />
          </section>
        </div>
      </article>
    </li>
  );
}
