import { useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { showResult } from '@/components/alerts';
import {
  createPurchaseBody,
  EMPTY_PURCHASE_FORM,
  errorsAfterEdit,
  type PurchaseFormErrors,
  serverFieldErrors,
  validateManualPurchase,
} from '../purchase-form';
import { useCreatePurchaseMutation } from '../purchases-api';
import { PurchaseFields } from './PurchaseFields';
import { PurchaseModal } from './PurchaseModal';

/** The Manual Purchase modal (SPEC sections 2, 5 and 8). */
export function ManualPurchaseModal({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState(EMPTY_PURCHASE_FORM);
  const [errors, setErrors] = useState<PurchaseFormErrors>({});
  const [createPurchase, { isLoading }] = useCreatePurchaseMutation();

  async function onSave(invoice: File | null) {
    const found = validateManualPurchase(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await createPurchase(createPurchaseBody(values, invoice)).unwrap();
      setValues(EMPTY_PURCHASE_FORM);
      onClose();
      void showResult('success', 'Success!', 'Purchase added successfully!');
    } catch (error) {
      // A refused field is said beside it, the dialog left open to put it right.
      const refused = serverFieldErrors(error);
      if (Object.keys(refused).length > 0) return setErrors(refused);
      void showResult('error', 'Oops...', `Something went wrong: ${apiErrorMessage(error, 'unknown error')}`);
    }
  }

  return (
    <PurchaseModal
      kind="manual"
      isSaving={isLoading}
      onSave={(invoice) => void onSave(invoice)}
      onClose={onClose}
    >
      <PurchaseFields
        values={values}
        errors={errors}
        isRequiredMarked
        onChange={(next) => {
          setErrors((e) => errorsAfterEdit(e, values, next));
          setValues(next);
        }}
      />
    </PurchaseModal>
  );
}
