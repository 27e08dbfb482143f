import { apiErrorMessage } from '@/app/api';
import { deleteAfterConfirming } from '@/components/alerts';
import { useDeletePurchaseMutation } from './purchases-api';

/** Delete with the spec's confirmation and result dialogs. */
export function useDeletePurchase() {
  const [deletePurchase] = useDeletePurchaseMutation();
  return (id: number) =>
    deleteAfterConfirming(
      () => deletePurchase(id).unwrap(),
      (error) => apiErrorMessage(error, 'Failed to delete order.'),
    );
}
