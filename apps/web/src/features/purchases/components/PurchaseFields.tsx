import { useId } from 'react';
import { DateField } from '@/components/DateField';
import type { PurchaseFormErrors, PurchaseFormValues } from '../purchase-form';

interface Props {
  values: PurchaseFormValues;
  errors?: PurchaseFormErrors;
  onChange: (values: PurchaseFormValues) => void;
  /** Marks product name and date as required (the manual modal). */
  isRequiredMarked?: boolean;
}

export const inputClass =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500';

/** Product, store, date, amount and warranty date: the fields both purchase modals share. */
export function PurchaseFields({ values, errors = {}, onChange, isRequiredMarked = false }: Props) {
  const nameErrorId = useId();
  const star = isRequiredMarked ? '*' : '';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <label className="block text-sm font-medium text-slate-800">
          Product name{star}
          <input
            value={values.product_name}
            onChange={(e) => onChange({ ...values, product_name: e.target.value })}
            aria-invalid={errors.product_name ? true : undefined}
            aria-describedby={errors.product_name ? nameErrorId : undefined}
            maxLength={500}
            className={`${inputClass} ${errors.product_name ? 'border-red-600' : 'border-slate-400'}`}
          />
        </label>
        {errors.product_name && (
          <p id={nameErrorId} className="mt-1 text-sm text-red-700">
            {errors.product_name}
          </p>
        )}
      </div>
      <label className="block text-sm font-medium text-slate-800">
        Store name
        <input
          value={values.shop_name}
          onChange={(e) => onChange({ ...values, shop_name: e.target.value })}
          maxLength={500}
          className={`${inputClass} border-slate-400`}
        />
      </label>
      <label className="block text-sm font-medium text-slate-800">
        Amount
        <input
          value={values.price}
          inputMode="decimal"
          placeholder="e.g. 49.90 or € 49,90"
          onChange={(e) => onChange({ ...values, price: e.target.value })}
          maxLength={500}
          className={`${inputClass} border-slate-400`}
        />
      </label>
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
        placeholder="YYYY-MM-DD"
        clearable
      />
    </div>
  );
}
