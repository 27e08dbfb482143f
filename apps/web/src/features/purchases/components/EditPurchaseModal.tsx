import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { showResult } from '@/components/alerts';
import { formValuesOf, intervalOf, type PartLink, updatePurchaseBody } from '../purchase-form';
import { useUpdatePurchaseMutation } from '../purchases-api';
import { PartLinkFields } from './PartLinkFields';
import { PurchaseFields } from './PurchaseFields';
import { PurchaseModal } from './PurchaseModal';

/** The Edit Purchase modal: no required fields (SPEC section 5), plus 'Part of' and 'Replace every'. */
export function EditPurchaseModal({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const [values, setValues] = useState(() => formValuesOf(purchase));
  const [link, setLink] = useState<PartLink>(() => ({
    parentId: purchase.parent_id === null ? '' : String(purchase.parent_id),
    ...(({ count, unit }) => ({ every: count, unit }))(intervalOf(purchase.replace_every_days)),
  }));
  const [updatePurchase, { isLoading }] = useUpdatePurchaseMutation();

  async function onSave(invoice: File | null) {
    try {
      await updatePurchase({ id: purchase.id, body: updatePurchaseBody(values, link, invoice) }).unwrap();
      onClose();
      void showResult('success', 'Updated!', 'Purchase details updated successfully.');
    } catch (error) {
      void showResult('error', 'Error!', apiErrorMessage(error, 'Failed to update order.'));
    }
  }

  return (
    <PurchaseModal
      kind="edit"
      isSaving={isLoading}
      onSave={(invoice) => void onSave(invoice)}
      onClose={onClose}
    >
      <PurchaseFields values={values} onChange={setValues} />
      <PartLinkFields purchase={purchase} link={link} onChange={setLink} />
    </PurchaseModal>
  );
}
