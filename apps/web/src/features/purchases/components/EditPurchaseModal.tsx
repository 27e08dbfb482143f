import type { Purchase } from '@warrantly/contract/purchases';
import { type FormEvent, useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { showResult } from '@/components/alerts';
import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';
import { PdfFileField } from '@/components/PdfFileField';
import { formValuesOf, intervalOf, type PartLink, updatePurchaseBody } from '../purchase-form';
import { useUpdatePurchaseMutation } from '../purchases-api';
import { PartLinkFields } from './PartLinkFields';
import { PurchaseFields } from './PurchaseFields';

/** The Edit Purchase modal: no required fields (SPEC section 5), plus 'Part of' and 'Replace every'. */
export function EditPurchaseModal({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const [values, setValues] = useState(() => formValuesOf(purchase));
  const [link, setLink] = useState<PartLink>(() => ({
    parentId: purchase.parent_id === null ? '' : String(purchase.parent_id),
    ...(({ count, unit }) => ({ every: count, unit }))(intervalOf(purchase.replace_every_days)),
  }));
  const [invoice, setInvoice] = useState<File | null>(null);
  const [updatePurchase, { isLoading }] = useUpdatePurchaseMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await updatePurchase({ id: purchase.id, body: updatePurchaseBody(values, link, invoice) }).unwrap();
      onClose();
      void showResult('success', 'Updated!', 'Purchase details updated successfully.');
    } catch (error) {
      void showResult('error', 'Error!', apiErrorMessage(error, 'Failed to update order.'));
    }
  }

  return (
    <Modal title="Edit Purchase" onClose={onClose} width="max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PurchaseFields values={values} onChange={setValues} />
        <PartLinkFields purchase={purchase} link={link} onChange={setLink} />
        <PdfFileField label="Invoice PDF (optional)" file={invoice} onChange={setInvoice} />
        <FormActions
          label="Update Purchase"
          busyLabel="Saving..."
          isBusy={isLoading}
          onCancel={onClose}
          className="pt-2"
        />
      </form>
    </Modal>
  );
}
