import { useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { useDisplayName } from '@/app/use-display-name';
import { ActionButton } from '@/components/ActionButton';
import { deleteAfterConfirming } from '@/components/alerts';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeader } from '@/components/PageHeader';
import { Pagination } from '@/components/Pagination';
import { Spinner } from '@/components/Spinner';
import { StatCard } from '@/components/StatCard';
import { possessive } from '@/lib/format';
import { ReceiptCard } from './components/ReceiptCard';
import { ReceiptDetailModal, type RenderEmail } from './components/ReceiptDetailModal';
import { ScanReceiptButton } from './components/ScanReceiptButton';
import { UploadReceiptModal } from './components/UploadReceiptModal';
import { useDeleteReceiptMutation } from './receipts-api';
import { useReceiptPages } from './use-receipt-pages';

export const RECEIPTS_PAGE_SIZE = 6;

interface Props {
  /** How a synced purchase's kept e-mail is shown in its details: another feature's, handed in by the app. */
  renderEmail: RenderEmail;
}

export function ReceiptsPage({ renderEmail }: Props) {
  const name = useDisplayName();
  const {
    answer: data,
    items,
    page,
    pageCount,
    total,
    setPage,
    isLoading,
    isBusy,
    isError,
  } = useReceiptPages(RECEIPTS_PAGE_SIZE);
  const [deleteReceipt] = useDeleteReceiptMutation();
  const [isUploading, setIsUploading] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);

  function onDelete(orderId: string) {
    return deleteAfterConfirming(
      () => deleteReceipt(orderId).unwrap(),
      (error) => apiErrorMessage(error, 'Failed to delete order.'),
    );
  }

  return (
    <section>
      <PageHeader
        title={`${possessive(name)} Receipts`}
        actions={
          <>
            <ActionButton icon="upload" onClick={() => setIsUploading(true)}>
              Upload Receipt
            </ActionButton>
            <ScanReceiptButton />
          </>
        }
      />
      {isLoading ? (
        <Spinner label="Loading receipts" />
      ) : isError || !data ? (
        <ErrorScreen />
      ) : (
        <>
          <ul className="mb-6 grid gap-4 sm:grid-cols-3" aria-label="Receipt totals">
            <StatCard label="Total Receipts" value={total} icon="receipt" />
            <StatCard label="This Month" value={data.total_orders_this_month} icon="calendar" />
            <StatCard label="Categories" value={data.total_categories} icon="tag" />
          </ul>
          {total === 0 ? (
            <EmptyState title="No receipts yet" text="Upload a PDF receipt, or attach one to a purchase." />
          ) : (
            <div aria-busy={isBusy}>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Receipts">
                {items.map((r) => (
                  <ReceiptCard
                    key={r.order_id}
                    receipt={r}
                    onView={() => setViewing(r.order_id)}
                    onDelete={() => void onDelete(r.order_id)}
                  />
                ))}
              </ul>
              <Pagination page={page} pageCount={pageCount} onChange={setPage} label="Receipts pages" />
            </div>
          )}
        </>
      )}
      {isUploading && <UploadReceiptModal onClose={() => setIsUploading(false)} />}
      {viewing && (
        <ReceiptDetailModal orderId={viewing} onClose={() => setViewing(null)} renderEmail={renderEmail} />
      )}
    </section>
  );
}
