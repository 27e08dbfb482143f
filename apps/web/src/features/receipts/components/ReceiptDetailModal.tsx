import type { ReceiptDetail } from '@warrantly/contract/receipts';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { formatAmount, orNotProvided } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { receiptStatusClasses } from '@/lib/status';
import { formatBytes } from '../format-bytes';
import { useGetReceiptQuery } from '../receipts-api';
import { ReceiptFileViewer } from './ReceiptFileViewer';

function orderTotal(detail: ReceiptDetail): string {
  const total = Number(detail.order_total);
  if (detail.order_total && detail.currency && Number.isFinite(total))
    return formatMoney(total, detail.currency);
  return detail.order_total ? `৳${detail.order_total}` : 'N/A';
}

function extractedText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Not Provided';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** A receipt's details: status colour, order fields, its lines, what extraction read, and the file. */
export function ReceiptDetailModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
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
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-700">Status</span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${receiptStatusClasses(detail.status)}`}
            >
              {detail.status}
            </span>
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            {[
              ['Merchant', orNotProvided(detail.merchant)],
              ['Order number', detail.order_id],
              ['Purchase date', orNotProvided(detail.purchase_date)],
              ['Order total', orderTotal(detail)],
              ['Category', detail.category?.trim() || 'Uncategorized'],
              [
                'File',
                detail.file ? `${detail.file.name} (${formatBytes(detail.file.size)})` : 'Not Provided',
              ],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="font-semibold text-slate-900">Items</h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {detail.lines.map((line) => (
                <li key={line.id} className="flex justify-between gap-3 px-3 py-2 text-sm">
                  <span className="text-slate-900">{line.product_name}</span>
                  <span className="shrink-0 font-medium text-slate-900">{formatAmount(line, '৳')}</span>
                </li>
              ))}
            </ul>
          </div>
          {detail.extracted && Object.keys(detail.extracted).length > 0 && (
            <details className="rounded-lg border border-slate-200 p-3">
              <summary className="cursor-pointer font-semibold text-slate-900">Extracted fields</summary>
              <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
                {Object.entries(detail.extracted).map(([key, value]) => (
                  <div key={key}>
                    <dt className="text-slate-600">{key.replaceAll('_', ' ')}</dt>
                    <dd className="break-words text-slate-900">{extractedText(value)}</dd>
                  </div>
                ))}
              </dl>
            </details>
          )}
          {detail.file && (
            <ReceiptFileViewer
              orderId={detail.order_id}
              fileName={detail.file.name}
              mime={detail.file.mime}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
