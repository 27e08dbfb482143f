import { EditPurchaseModal } from '@/features/purchases/components/EditPurchaseModal';
import { ReviewPage } from '@/features/review/ReviewPage';

/** The review inbox with the purchases' Edit dialog for "edit then accept": two features, composed here. */
export function ReviewRoute() {
  return (
    <ReviewPage renderEdit={(line, onClose) => <EditPurchaseModal purchase={line} onClose={onClose} />} />
  );
}
