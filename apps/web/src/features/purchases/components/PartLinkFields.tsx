import type { Purchase } from '@warrantly/contract/purchases';
import { useEffect, useState } from 'react';
import { TextField } from '@/components/TextField';
import type { IntervalUnit, PartLink } from '../purchase-form';
import { useGetPurchasePageQuery } from '../purchases-api';

interface Props {
  purchase: Purchase;
  link: PartLink;
  onChange: (link: PartLink) => void;
}

/** Main products offered at a time: the newest, or those the search finds. */
const CANDIDATES = 50;
/** Typing settles for this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * 'Part of' (the main product this purchase is a replacement part of) and 'Replace every' (its interval,
 * which becomes a recurring reminder). Choosing "Not a part" unlinks, automatic links included. The
 * choice offers the newest purchases, or those a search by name, shop or order number finds, never the
 * whole list.
 */
export function PartLinkFields({ purchase, link, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const { data } = useGetPurchasePageQuery(query ? { limit: CANDIDATES, q: query } : { limit: CANDIDATES });
  // A main product is any other purchase that is not itself a part of this one.
  const candidates = (data?.items ?? []).filter((p) => p.id !== purchase.id && p.parent_id !== purchase.id);
  const isChosenListed = link.parentId === '' || candidates.some((p) => String(p.id) === link.parentId);
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-800">Replacement part</legend>
      <TextField
        label="Find a main product"
        type="search"
        value={search}
        onChange={setSearch}
        placeholder="Name, store or order number"
        maxLength={100}
        className="sm:col-span-2"
      />
      <label className="block text-sm font-medium text-slate-800">
        Part of
        <select
          value={link.parentId}
          onChange={(e) => onChange({ ...link, parentId: e.target.value })}
          className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500"
        >
          <option value="">Not a part</option>
          {!isChosenListed && <option value={link.parentId}>The main product chosen now</option>}
          {candidates.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.product_name}
              {p.purchase_date ? ` (${p.purchase_date})` : ''}
            </option>
          ))}
        </select>
      </label>
      <div>
        <span className="block text-sm font-medium text-slate-800" id={`every-${purchase.id}`}>
          Replace every
        </span>
        <div className="mt-1 flex gap-2">
          <input
            type="number"
            min={1}
            max={3650}
            inputMode="numeric"
            aria-labelledby={`every-${purchase.id}`}
            value={link.every}
            onChange={(e) => onChange({ ...link, every: e.target.value })}
            className="block w-24 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
          />
          <select
            aria-label="Interval unit"
            value={link.unit}
            onChange={(e) => onChange({ ...link, unit: e.target.value as IntervalUnit })}
            className="block flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
          >
            <option value="days">days</option>
            <option value="weeks">weeks</option>
            <option value="months">months</option>
            <option value="years">years</option>
          </select>
        </div>
      </div>
    </fieldset>
  );
}
