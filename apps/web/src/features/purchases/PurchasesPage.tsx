import type { Purchase } from '@warrantly/contract/purchases';
import { type ReactNode, useState } from 'react';
import { useDisplayName } from '@/app/use-display-name';
import { ActionButton } from '@/components/ActionButton';
import type { Column } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import { ToReviewMark } from '@/components/ToReviewMark';
import { formatAmount, orNotProvided, possessive } from '@/lib/format';
import { ManualPurchaseModal } from './components/ManualPurchaseModal';
import { PurchaseTable } from './components/PurchaseTable';

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
  { header: 'Store', cell: (p) => orNotProvided(p.shop_name) },
  { header: 'Date', cell: (p) => orNotProvided(p.purchase_date), className: 'whitespace-nowrap' },
  { header: 'Amount', cell: (p) => formatAmount(p, '$'), className: 'whitespace-nowrap text-slate-900' },
];

const EMPTY = {
  title: 'No purchases yet',
  text: 'Add one by hand, upload a receipt, or press Refresh Purchases to read your mailbox.',
};

interface Props {
  /** Refresh Purchases, the mailbox sync's button: another feature's, handed in by the app. */
  refreshAction: ReactNode;
  /** What the sync shows while it runs, under the header; nothing otherwise. */
  syncNotice: ReactNode;
}

export function PurchasesPage({ refreshAction, syncNotice }: Props) {
  const name = useDisplayName();
  const [isAdding, setIsAdding] = useState(false);

  return (
    <section>
      <PageHeader
        title={`${possessive(name)} Purchases`}
        actions={
          <>
            {refreshAction}
            <ActionButton icon="plus" onClick={() => setIsAdding(true)}>
              Add New Purchase
            </ActionButton>
          </>
        }
      />
      {syncNotice}
      <PurchaseTable label="Purchases" columns={COLUMNS} empty={EMPTY} />
      {isAdding && <ManualPurchaseModal onClose={() => setIsAdding(false)} />}
    </section>
  );
}
