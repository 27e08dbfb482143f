import type { ReceiptSummary } from '@warrantly/contract/receipts';
import { Icon } from '@/components/Icon';
import { IconButton } from '@/components/IconButton';
import { ToReviewMark } from '@/components/ToReviewMark';
import { orNotProvided } from '@/lib/format';
import { statusLabel, warrantyStatusClasses } from '@/lib/status';
import { itemCount, orderTotalText } from '../receipt-words';

interface Props {
  receipt: ReceiptSummary;
  onView: () => void;
  onDelete: () => void;
}

export function ReceiptCard({ receipt, onView, onDelete }: Props) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <span>
          <span className="rounded-full bg-blue-50 px-2.5 py-1 text-xs font-semibold text-blue-800">
            {receipt.category?.trim() || 'Uncategorized'}
          </span>
          <ToReviewMark state={receipt.review_state} />
        </span>
        <IconButton
          icon="trash"
          label={`Delete receipt for ${receipt.product_name}`}
          tone="danger"
          layout="-mt-1 -mr-1 inline-flex"
          onClick={onDelete}
        />
      </div>
      <h2 className="mt-3 text-lg font-semibold break-words text-slate-900">
        {orNotProvided(receipt.product_name)}
      </h2>
      <p className="mt-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-xl font-bold text-slate-900">
          <span className="sr-only">Total </span>
          {orderTotalText(receipt)}
        </span>
        <span className="text-sm text-slate-600">{itemCount(receipt.line_count)}</span>
      </p>
      <dl className="mt-3 mb-4 space-y-1 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">Shop</dt>
          <dd className="min-w-0 text-right break-words text-slate-900">
            {orNotProvided(receipt.shop_name)}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600">Purchase date</dt>
          <dd className="text-slate-900">{orNotProvided(receipt.purchase_date)}</dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-slate-600">Warranty</dt>
          <dd>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${warrantyStatusClasses(receipt.warranty_status, 'receipts')}`}
            >
              {statusLabel(receipt.warranty_status)}
            </span>
          </dd>
        </div>
      </dl>
      <button
        type="button"
        onClick={onView}
        aria-label={`View receipt for ${receipt.product_name}`}
        className="mt-auto inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-blue-700 font-semibold text-blue-700 hover:bg-blue-50"
      >
        <Icon name="eye" />
        View
      </button>
    </li>
  );
}
