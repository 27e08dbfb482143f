import { DateField } from '@/components/DateField';
import { TextField } from '@/components/TextField';
import type { PurchaseFormErrors, PurchaseFormValues } from '../purchase-form';

interface Props {
  values: PurchaseFormValues;
  errors?: PurchaseFormErrors;
  onChange: (values: PurchaseFormValues) => void;
  /** Marks product name and date as required (the manual modal). */
  isRequiredMarked?: boolean;
}

/** Product, store, date, amount and warranty date: the fields both purchase modals share. */
export function PurchaseFields({ values, errors = {}, onChange, isRequiredMarked = false }: Props) {
  const star = isRequiredMarked ? '*' : '';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={`Product name${star}`}
        value={values.product_name}
        onChange={(product_name) => onChange({ ...values, product_name })}
        error={errors.product_name}
        maxLength={500}
        className="sm:col-span-2"
      />
      <TextField
        label="Store name"
        value={values.shop_name}
        onChange={(shop_name) => onChange({ ...values, shop_name })}
        error={errors.shop_name}
        maxLength={500}
      />
      <TextField
        label="Amount"
        value={values.price}
        onChange={(price) => onChange({ ...values, price })}
        error={errors.price}
        inputMode="decimal"
        placeholder="e.g. 49.90 or € 49,90"
        maxLength={500}
      />
      <DateField
        label={`Purchase date${star}`}
        value={values.purchase_date}
        onChange={(purchase_date) => onChange({ ...values, purchase_date })}
        error={errors.purchase_date}
        placeholder="YYYY-MM-DD"
      />
      <DateField
        label="Warranty date"
        value={values.warranty_expire_date}
        onChange={(warranty_expire_date) => onChange({ ...values, warranty_expire_date })}
        error={errors.warranty_expire_date}
        placeholder="YYYY-MM-DD"
        clearable
      />
    </div>
  );
}
