import { ReceiptsPage } from '@/features/receipts/ReceiptsPage';
import { PurchaseSource } from '@/features/review/PurchaseSource';

/** The Receipts page, whose synced purchases show their kept e-mail with the review feature's viewer. */
export function ReceiptsRoute() {
  return (
    <ReceiptsPage renderEmail={(orderId, title) => <PurchaseSource orderId={orderId} title={title} />} />
  );
}
