import { apiErrorMessage } from '@/app/api';
import { confirmDelete, showResult } from '@/components/alerts';
import { useDeletePurchaseMutation } from './purchases-api';

/** Delete with the spec's confirmation and result dialogs. */
export function useDeletePurchase() {
  const [deletePurchase] = useDeletePurchaseMutation();
  return async (id: number) => {
    if (!(await confirmDelete())) return;
    try {
      await deletePurchase(id).unwrap();
      void showResult('success', 'Deleted!', 'Your purchase has been deleted.');
    } catch (error) {
      void showResult('error', 'Error!', apiErrorMessage(error, 'Failed to delete order.'));
    }
  };
}
