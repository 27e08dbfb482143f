import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { useDisplayName } from '@/app/use-display-name';
import { ActionButton } from '@/components/ActionButton';
import { type Column, DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeader } from '@/components/PageHeader';
import { Pagination } from '@/components/Pagination';
import { Spinner } from '@/components/Spinner';
import { usePagedItems } from '@/hooks/usePagedItems';
import { formatAmount, orNotProvided, possessive } from '@/lib/format';
import { EditPurchaseModal } from './components/EditPurchaseModal';
import { ManualPurchaseModal } from './components/ManualPurchaseModal';
import { RowActions } from './components/RowActions';
import { SyncingNotice } from './components/SyncingNotice';
import { useGetPurchasesQuery } from './purchases-api';
import { useDeletePurchase } from './use-delete-purchase';
import { useMailSync } from './use-mail-sync';

export const PURCHASES_PAGE_SIZE = 6;

const COLUMNS: Column<Purchase>[] = [
  { header: 'Product', cell: (p) => orNotProvided(p.product_name) },
  { header: 'Store', cell: (p) => orNotProvided(p.shop_name) },
  { header: 'Date', cell: (p) => orNotProvided(p.purchase_date), className: 'whitespace-nowrap' },
  { header: 'Amount', cell: (p) => formatAmount(p, '$'), className: 'whitespace-nowrap text-slate-900' },
];

export function PurchasesPage() {
  const name = useDisplayName();
  const { data: purchases = [], isLoading, isError } = useGetPurchasesQuery();
  const { sync, isSyncing } = useMailSync();
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<Purchase | null>(null);
  const onDelete = useDeletePurchase();
  const { page, pageCount, setPage, pageItems } = usePagedItems(purchases, PURCHASES_PAGE_SIZE);

  return (
    <section>
      <PageHeader
        title={`${possessive(name)} Purchases`}
        actions={
          <>
            <ActionButton icon="refresh" variant="secondary" onClick={() => void sync()} disabled={isSyncing}>
              Refresh Purchases
            </ActionButton>
            <ActionButton icon="plus" onClick={() => setIsAdding(true)}>
              Add New Purchase
            </ActionButton>
          </>
        }
      />
      {isSyncing && <SyncingNotice />}
      {isLoading ? (
        <Spinner label="Loading purchases" />
      ) : isError ? (
        <ErrorScreen />
      ) : purchases.length === 0 ? (
        <EmptyState
          title="No purchases yet"
          text="Add one by hand, upload a receipt, or press Refresh Purchases to read your mailbox."
        />
      ) : (
        <>
          <DataTable
            label="Purchases"
            rows={pageItems}
            rowKey={(p) => p.id}
            columns={COLUMNS}
            actions={(p) => (
              <RowActions
                name={p.product_name}
                onEdit={() => setEditing(p)}
                onDelete={() => void onDelete(p.id)}
              />
            )}
          />
          <Pagination page={page} pageCount={pageCount} onChange={setPage} label="Purchases pages" />
        </>
      )}
      {isAdding && <ManualPurchaseModal onClose={() => setIsAdding(false)} />}
      {editing && <EditPurchaseModal purchase={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
