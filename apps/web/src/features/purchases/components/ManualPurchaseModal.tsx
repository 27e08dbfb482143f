import { type FormEvent, useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { showResult } from '@/components/alerts';
import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';
import { PdfFileField } from '@/components/PdfFileField';
import {
  createPurchaseBody,
  EMPTY_PURCHASE_FORM,
  type PurchaseFormErrors,
  validateManualPurchase,
} from '../purchase-form';
import { useCreatePurchaseMutation } from '../purchases-api';
import { PurchaseFields } from './PurchaseFields';

/** The Manual Purchase modal (SPEC sections 2, 5 and 8). */
export function ManualPurchaseModal({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState(EMPTY_PURCHASE_FORM);
  const [errors, setErrors] = useState<PurchaseFormErrors>({});
  const [invoice, setInvoice] = useState<File | null>(null);
  const [createPurchase, { isLoading }] = useCreatePurchaseMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateManualPurchase(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await createPurchase(createPurchaseBody(values, invoice)).unwrap();
      setValues(EMPTY_PURCHASE_FORM);
      setInvoice(null);
      onClose();
      void showResult('success', 'Success!', 'Purchase added successfully!');
    } catch (error) {
      void showResult('error', 'Oops...', `Something went wrong: ${apiErrorMessage(error, 'unknown error')}`);
    }
  }

  return (
    <Modal title="Manual Purchase" onClose={onClose} width="max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PurchaseFields
          values={values}
          errors={errors}
          isRequiredMarked
          onChange={(next) => {
            setErrors((e) => ({
              ...(next.product_name === values.product_name ? { product_name: e.product_name } : {}),
              ...(next.purchase_date === values.purchase_date ? { purchase_date: e.purchase_date } : {}),
            }));
            setValues(next);
          }}
        />
        <PdfFileField label="Invoice (PDF, optional)" file={invoice} onChange={setInvoice} />
        <FormActions
          label="Save Purchase"
          busyLabel="Saving..."
          isBusy={isLoading}
          onCancel={onClose}
          className="pt-2"
        />
      </form>
    </Modal>
  );
}
