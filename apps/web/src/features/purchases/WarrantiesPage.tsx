import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { useDisplayName } from '@/app/use-display-name';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeader } from '@/components/PageHeader';
import { Pagination } from '@/components/Pagination';
import { ScrollRegion } from '@/components/ScrollRegion';
import { Spinner } from '@/components/Spinner';
import { usePagedItems } from '@/hooks/usePagedItems';
import { orNotProvided, possessive } from '@/lib/format';
import { statusLabel, warrantyStatusClasses } from '@/lib/status';
import { EditPurchaseModal } from './components/EditPurchaseModal';
import { RowActions } from './components/RowActions';
import { useGetPurchasesQuery } from './purchases-api';
import { useDeletePurchase } from './use-delete-purchase';

export const WARRANTIES_PAGE_SIZE = 6;

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
          <ScrollRegion label="Warranties table">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Purchase date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Warranty date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
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
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {orNotProvided(p.purchase_date)}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {orNotProvided(p.warranty_expire_date)}
                      {p.warranty_estimated && p.warranty_expire_date && (
                        <span className="ml-1 text-xs text-slate-600">(estimated)</span>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <span
                        className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold ${warrantyStatusClasses(p.warranty_status, 'warranties')}`}
                      >
                        {statusLabel(p.warranty_status)}
                      </span>
                    </td>
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
          <Pagination page={page} pageCount={pageCount} onChange={setPage} label="Warranties pages" />
        </>
      )}
      {editing && <EditPurchaseModal purchase={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
