import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { useDisplayName } from '@/app/use-display-name';
import { EmptyState } from '@/components/EmptyState';
import { ErrorScreen } from '@/components/ErrorScreen';
import { Icon } from '@/components/Icon';
import { PageHeader } from '@/components/PageHeader';
import { Pagination } from '@/components/Pagination';
import { Spinner } from '@/components/Spinner';
import { possessive } from '@/lib/format';
import { isWebLink, partPrice, partText } from './part-display';
import { useMainProductPages } from './use-main-product-pages';

/** Main products per page (SPEC section 9). */
export const MAIN_PRODUCTS_PAGE_SIZE = 3;

export function ReplacementPage() {
  const name = useDisplayName();
  const provider = useAppSelector(selectProvider);
  const { items, page, pageCount, total, setPage, isLoading, isBusy, isError } = useMainProductPages(
    provider,
    MAIN_PRODUCTS_PAGE_SIZE,
  );

  return (
    <section>
      <PageHeader
        title={`${possessive(name)} Replacement Parts`}
        subtitle="Filters, cartridges and other parts, grouped under the product they belong to."
      />
      {isLoading ? (
        <Spinner label="Loading replacement parts" />
      ) : isError ? (
        <ErrorScreen />
      ) : total === 0 ? (
        <EmptyState
          title="No replacement parts yet"
          text="Link a purchase to its main product with 'Part of' in the Edit Purchase dialog."
        />
      ) : (
        <div aria-busy={isBusy}>
          <ul className="space-y-6" aria-label="Main products">
            {items.map((group) => (
              <li key={group.main_product_id} className="rounded-2xl border border-slate-200 bg-white p-5">
                <h2 className="text-lg font-semibold text-slate-900">
                  {partText(group.main_product, 'Not Provided')}
                </h2>
                {group.products.length === 0 ? (
                  <p className="mt-2 text-slate-700">No parts linked yet.</p>
                ) : (
                  <ul
                    className="mt-4 grid gap-3 md:grid-cols-2"
                    aria-label={`Parts of ${group.main_product}`}
                  >
                    {group.products.map((part) => (
                      <li key={part.id} className="rounded-xl border border-slate-200 p-4">
                        <div className="flex items-start justify-between gap-3">
                          <h3 className="font-semibold break-words text-slate-900">
                            {partText(part.product_name, 'Not Provided')}
                          </h3>
                          <span className="shrink-0 font-bold text-slate-900">{partPrice(part)}</span>
                        </div>
                        <dl className="mt-2 space-y-1 text-sm">
                          <div className="flex gap-2">
                            <dt className="text-slate-600">Timeline:</dt>
                            <dd className="text-slate-900">{partText(part.timeline, 'Not Provided')}</dd>
                          </div>
                          <div className="flex gap-2">
                            <dt className="text-slate-600">Purchased:</dt>
                            <dd className="text-slate-900">
                              {partText(part.purchased_date, 'Not Provided')}
                            </dd>
                          </div>
                          <div className="flex gap-2">
                            <dt className="text-slate-600">Link:</dt>
                            <dd className="min-w-0 text-slate-900">
                              {isWebLink(part.store_link) ? (
                                <a
                                  href={part.store_link}
                                  target="_blank"
                                  rel="noopener noreferrer"
                                  className="inline-flex items-center gap-1 font-semibold text-blue-700 underline"
                                >
                                  Buy {part.product_name}
                                  <Icon name="external" className="size-4" />
                                  <span className="sr-only">(opens in a new tab)</span>
                                </a>
                              ) : (
                                partText(part.store_link, 'null')
                              )}
                            </dd>
                          </div>
                        </dl>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} onChange={setPage} label="Replacement parts pages" />
        </div>
      )}
    </section>
  );
}
