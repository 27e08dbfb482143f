import { useState } from 'react';
import { Icon } from './Icon';
import { pageItems } from './paging';

interface Props {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}

const itemClass = 'inline-flex size-10 items-center justify-center rounded-lg border text-sm font-semibold';

/** Previous and next arrows and the page numbers; past 6 pages it folds behind '...' (SPEC section 2). */
export function Pagination({ page, pageCount, onChange, label = 'Pagination' }: Props) {
  const [isExpanded, setIsExpanded] = useState(false);
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          <button
            type="button"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
            className={`${itemClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-100 disabled:opacity-40`}
          >
            <Icon name="chevronLeft" />
          </button>
        </li>
        {pageItems(pageCount, page, isExpanded).map((item, index) =>
          item === 'ellipsis' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: there can be two ellipses; their position is their identity
            <li key={`ellipsis-${index}`}>
              <button
                type="button"
                aria-label="Show all pages"
                onClick={() => setIsExpanded(true)}
                className={`${itemClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-100`}
              >
                ...
              </button>
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onChange(item)}
                className={`${itemClass} ${
                  item === page
                    ? 'border-blue-700 bg-blue-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
                }`}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => onChange(page + 1)}
            className={`${itemClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-100 disabled:opacity-40`}
          >
            <Icon name="chevronRight" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
