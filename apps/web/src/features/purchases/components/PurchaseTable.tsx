import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { type Column, DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { Pagination } from '@/components/Pagination';
import { Spinner } from '@/components/Spinner';
import { usePagedItems } from '@/components/use-paged-items';
import { useGetPurchasesQuery } from '../purchases-api';
import { useDeletePurchase } from '../use-delete-purchase';
import { EditPurchaseModal } from './EditPurchaseModal';
import { RowActions } from './RowActions';

/** Rows per page of the Purchases and Warranties tables. */
const PAGE_SIZE = 6;

interface Props {
  /** Names the table, its pagination ('{label} pages') and the spinner ('Loading {label}'). */
  label: 'Purchases' | 'Warranties';
  columns: Column<Purchase>[];
  empty: { title: string; text: string };
}

/**
 * The user's purchases as a paged table (cards on a phone) with edit and delete on each row, and the
 * seed's loading, error and empty states: what the Purchases and Warranties pages share.
 */
export function PurchaseTable({ label, columns, empty }: Props) {
  const { data: purchases = [], isLoading, isError } = useGetPurchasesQuery();
  const [editing, setEditing] = useState<Purchase | null>(null);
  const onDelete = useDeletePurchase();
  const { page, pageCount, setPage, pageItems } = usePagedItems(purchases, PAGE_SIZE);

  if (isLoading) return <Spinner label={`Loading ${label.toLowerCase()}`} />;
  if (isError) return <ErrorScreen />;
  if (purchases.length === 0) return <EmptyState title={empty.title} text={empty.text} />;
  return (
    <>
      <DataTable
        label={label}
        rows={pageItems}
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
    </>
  );
}
