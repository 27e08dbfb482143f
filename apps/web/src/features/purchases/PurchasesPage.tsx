import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { useDisplayName } from '@/app/use-display-name';
import { ActionButton } from '@/components/ActionButton';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeader } from '@/components/PageHeader';
import { Pagination } from '@/components/Pagination';
import { ScrollRegion } from '@/components/ScrollRegion';
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
          <ScrollRegion label="Purchases table">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Store
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Amount
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {pageItems.map((p) => (
                  <tr key={p.id}>
                    <td className="px-4 py-3 font-medium text-slate-900">{orNotProvided(p.product_name)}</td>
                    <td className="px-4 py-3 text-slate-700">{orNotProvided(p.shop_name)}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {orNotProvided(p.purchase_date)}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-900">{formatAmount(p, '$')}</td>
                    <td className="px-4 py-2">
                      <RowActions
                        name={p.product_name}
                        onEdit={() => setEditing(p)}
                        onDelete={() => void onDelete(p.id)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pagination page={page} pageCount={pageCount} onChange={setPage} label="Purchases pages" />
        </>
      )}
      {isAdding && <ManualPurchaseModal onClose={() => setIsAdding(false)} />}
      {editing && <EditPurchaseModal purchase={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
