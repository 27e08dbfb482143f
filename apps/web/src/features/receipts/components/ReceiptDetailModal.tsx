import type { ReceiptDetail } from '@warrantly/contract/receipts';
import { type ReactNode, useId } from 'react';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { formatAmount, orNotProvided } from '@/lib/format';
import { receiptStatusClasses } from '@/lib/status';
import { formatBytes } from '../format-bytes';
import { itemCount, orderTotalText, RECEIPTS_PLAIN_SYMBOL, readingStatus } from '../receipt-words';
import { useGetReceiptQuery } from '../receipts-api';
import { HowThisWasRead } from './HowThisWasRead';
import { ReceiptFileViewer } from './ReceiptFileViewer';

const EMAIL_MIME = 'message/rfc822';

/** The e-mail a synced purchase was read from: the review feature's viewer, handed in by the app. */
export type RenderEmail = (orderId: string, title: string) => ReactNode;

/** A receipt's details: shop, date, total, its lines at their prices, its file, and how it was read. */
export function ReceiptDetailModal({
  orderId,
  onClose,
  renderEmail,
}: {
  orderId: string;
  onClose: () => void;
  renderEmail: RenderEmail;
}) {
  const { data: detail, isLoading, isError } = useGetReceiptQuery(orderId);
  return (
    <Modal title="Receipt Details" onClose={onClose} width="max-w-2xl" closeOnBackdrop>
      {isLoading ? (
        <Spinner label="Loading receipt" />
      ) : isError || !detail ? (
        <p role="alert" className="py-6 text-center font-medium text-red-700">
          Failed to load details
        </p>
      ) : (
        <ReceiptDetails detail={detail} renderEmail={renderEmail} />
      )}
    </Modal>
  );
}

function ReceiptDetails({ detail, renderEmail }: { detail: ReceiptDetail; renderEmail: RenderEmail }) {
  const reading = readingStatus(detail.status, detail.extracted !== null);
  const total = orderTotalText(detail);
  const itemsId = useId();
  return (
    <div className="space-y-5">
      <dl className="grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
        {[
          ['Shop', orNotProvided(detail.merchant)],
          ['Purchase date', orNotProvided(detail.purchase_date)],
          ['Total', total],
        ].map(([label, value]) => (
          <div
            key={label}
            className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 sm:block sm:p-3"
          >
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 text-right text-base font-semibold break-words text-slate-900 sm:text-left">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby={itemsId}>
        <h3 id={itemsId} className="font-semibold text-slate-900">
          {itemCount(detail.lines.length)}
        </h3>
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {detail.lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 break-words text-slate-900">{line.product_name}</span>
              <span className="shrink-0 font-medium text-slate-900">
                {formatAmount(line, RECEIPTS_PLAIN_SYMBOL)}
              </span>
            </li>
          ))}
          <li className="flex justify-between gap-3 bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900">
            <span>Total</span>
            <span className="shrink-0">{total}</span>
          </li>
        </ul>
      </section>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {[
          ['Order number', detail.order_id],
          ['Category', detail.category?.trim() || 'Uncategorized'],
          ['File', detail.file ? `${detail.file.name} (${formatBytes(detail.file.size)})` : 'Not Provided'],
        ].map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 sm:block">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 text-right break-words text-slate-900 sm:text-left">{value}</dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-2 sm:block">
          <dt className="text-slate-600">Reading</dt>
          <dd>
            <span
              className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${receiptStatusClasses(detail.status)}`}
            >
              {reading}
            </span>
          </dd>
        </div>
      </dl>
      {detail.file?.mime === EMAIL_MIME ? (
        // A kept e-mail is shown as safe text or HTML, never opened as it is.
        renderEmail(detail.order_id, detail.merchant ?? detail.order_id)
      ) : detail.file ? (
        <ReceiptFileViewer orderId={detail.order_id} fileName={detail.file.name} mime={detail.file.mime} />
      ) : null}
      {detail.extracted && <HowThisWasRead extracted={detail.extracted} />}
    </div>
  );
}
