import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { showResult } from '@/components/alerts';
import {
  errorsAfterEdit,
  formValuesOf,
  intervalOf,
  type PartLink,
  type PurchaseFormErrors,
  serverFieldErrors,
  updatePurchaseBody,
  validatePurchaseDates,
} from '../purchase-form';
import { useUpdatePurchaseMutation } from '../purchases-api';
import { PartLinkFields } from './PartLinkFields';
import { PurchaseFields } from './PurchaseFields';
import { PurchaseModal } from './PurchaseModal';

/** The Edit Purchase modal: no required fields (SPEC section 5), plus 'Part of' and 'Replace every'. */
export function EditPurchaseModal({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const [values, setValues] = useState(() => formValuesOf(purchase));
  const [errors, setErrors] = useState<PurchaseFormErrors>({});
  const [link, setLink] = useState<PartLink>(() => ({
    parentId: purchase.parent_id === null ? '' : String(purchase.parent_id),
    ...(({ count, unit }) => ({ every: count, unit }))(intervalOf(purchase.replace_every_days)),
  }));
  const [updatePurchase, { isLoading }] = useUpdatePurchaseMutation();

  async function onSave(invoice: File | null) {
    const found = validatePurchaseDates(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await updatePurchase({ id: purchase.id, body: updatePurchaseBody(values, link, invoice) }).unwrap();
      onClose();
      void showResult('success', 'Updated!', 'Purchase details updated successfully.');
    } catch (error) {
      // A refused field is said beside it, the dialog left open to put it right.
      const refused = serverFieldErrors(error);
      if (Object.keys(refused).length > 0) return setErrors(refused);
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
      <PurchaseFields
        values={values}
        errors={errors}
        onChange={(next) => {
          setErrors((e) => errorsAfterEdit(e, values, next));
          setValues(next);
        }}
      />
      <PartLinkFields purchase={purchase} link={link} onChange={setLink} />
    </PurchaseModal>
  );
}
