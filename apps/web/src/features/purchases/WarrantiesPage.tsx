import type { Purchase } from '@warrantly/contract/purchases';
import { useDisplayName } from '@/app/use-display-name';
import type { Column } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import { ToReviewMark } from '@/components/ToReviewMark';
import { orNotProvided, possessive } from '@/lib/format';
import { statusLabel, warrantyStatusClasses } from '@/lib/status';
import { PurchaseTable } from './components/PurchaseTable';
import type { PurchaseListParams } from './use-purchase-pages';

const COLUMNS: Column<Purchase>[] = [
  {
    header: 'Product',
    cell: (p) => (
      <>
        {orNotProvided(p.product_name)}
        <ToReviewMark state={p.review_state} />
      </>
    ),
  },
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

/**
 * Only purchases that have a warranty, in the order that needs attention: warranties still running, the
 * soonest-ending first, so the one about to lapse is on the first page; then the expired ones, the most
 * recently ended first, since a warranty that just lapsed may still be worth a claim and one from years
 * ago rarely is. The server pages this order (sort `warranty_end`).
 */
const WARRANTIES: PurchaseListParams = { sort: 'warranty_end' };

const EMPTY = {
  title: 'No warranties yet',
  text: 'Warranties appear here with the purchases they belong to.',
};

export function WarrantiesPage() {
  const name = useDisplayName();

  return (
    <section>
      <PageHeader title={`${possessive(name)} Warranties`} />
      <PurchaseTable label="Warranties" columns={COLUMNS} empty={EMPTY} params={WARRANTIES} />
    </section>
  );
}
