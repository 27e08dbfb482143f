import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { type Column, DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { Pagination } from '@/components/Pagination';
import { Spinner } from '@/components/Spinner';
import { useDeletePurchase } from '../use-delete-purchase';
import { type PurchaseListParams, usePurchasePages } from '../use-purchase-pages';
import { EditPurchaseModal } from './EditPurchaseModal';
import { RowActions } from './RowActions';

/** Rows per page of the Purchases and Warranties tables. */
const PAGE_SIZE = 6;

interface Props {
  /** Names the table, its pagination ('{label} pages') and the spinner ('Loading {label}'). */
  label: 'Purchases' | 'Warranties';
  columns: Column<Purchase>[];
  empty: { title: string; text: string };
  /** Which purchases, in which order (the server's sort); newest first when absent. */
  params?: PurchaseListParams;
}

/**
 * The user's purchases as a paged table (cards on a phone) with edit and delete on each row, and the
 * seed's loading, error and empty states: what the Purchases and Warranties pages share. Each page is
 * asked of the server as it is shown, and the next one ahead of time.
 */
export function PurchaseTable({ label, columns, empty, params }: Props) {
  const { items, page, pageCount, total, setPage, isLoading, isBusy, isError } = usePurchasePages(
    PAGE_SIZE,
    params,
  );
  const [editing, setEditing] = useState<Purchase | null>(null);
  const onDelete = useDeletePurchase();

  if (isLoading) return <Spinner label={`Loading ${label.toLowerCase()}`} />;
  if (isError) return <ErrorScreen />;
  if (total === 0) return <EmptyState title={empty.title} text={empty.text} />;
  return (
    <div aria-busy={isBusy}>
      <DataTable
        label={label}
        rows={items}
        rowKey={(p) => p.id}
        columns={columns}
        actions={(p) => (
          <RowActions
            name={p.product_name}
            onEdit={() => setEditing(p)}
            onDelete={() => void onDelete(p.id)}
          />
        )}
      />
      <Pagination page={page} pageCount={pageCount} onChange={setPage} label={`${label} pages`} />
      {editing && <EditPurchaseModal purchase={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
