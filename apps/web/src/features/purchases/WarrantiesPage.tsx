import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { useDisplayName } from '@/app/use-display-name';
import { type Column, DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeader } from '@/components/PageHeader';
import { Pagination } from '@/components/Pagination';
import { Spinner } from '@/components/Spinner';
import { usePagedItems } from '@/hooks/usePagedItems';
import { orNotProvided, possessive } from '@/lib/format';
import { statusLabel, warrantyStatusClasses } from '@/lib/status';
import { EditPurchaseModal } from './components/EditPurchaseModal';
import { RowActions } from './components/RowActions';
import { useGetPurchasesQuery } from './purchases-api';
import { useDeletePurchase } from './use-delete-purchase';

export const WARRANTIES_PAGE_SIZE = 6;

const COLUMNS: Column<Purchase>[] = [
  { header: 'Product', cell: (p) => orNotProvided(p.product_name) },
  { header: 'Purchase date', cell: (p) => orNotProvided(p.purchase_date), className: 'whitespace-nowrap' },
  {
    header: 'Warranty date',
    cell: (p) => (
      <>
        {orNotProvided(p.warranty_expire_date)}
        {p.warranty_estimated && p.warranty_expire_date && (
          <span className="ml-1 text-xs text-slate-600">(estimated)</span>
        )}
      </>
    ),
    className: 'whitespace-nowrap',
  },
  {
    header: 'Status',
    cell: (p) => (
      <span
        className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold ${warrantyStatusClasses(p.warranty_status, 'warranties')}`}
      >
        {statusLabel(p.warranty_status)}
      </span>
    ),
  },
];

export function WarrantiesPage() {
  const name = useDisplayName();
  const { data: purchases = [], isLoading, isError } = useGetPurchasesQuery();
  const [editing, setEditing] = useState<Purchase | null>(null);
  const onDelete = useDeletePurchase();
  const { page, pageCount, setPage, pageItems } = usePagedItems(purchases, WARRANTIES_PAGE_SIZE);

  return (
    <section>
      <PageHeader title={`${possessive(name)} Warranties`} />
      {isLoading ? (
        <Spinner label="Loading warranties" />
      ) : isError ? (
        <ErrorScreen />
      ) : purchases.length === 0 ? (
        <EmptyState
          title="No warranties yet"
          text="Warranties appear here with the purchases they belong to."
        />
      ) : (
        <>
          <DataTable
            label="Warranties"
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
          <Pagination page={page} pageCount={pageCount} onChange={setPage} label="Warranties pages" />
        </>
      )}
      {editing && <EditPurchaseModal purchase={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
