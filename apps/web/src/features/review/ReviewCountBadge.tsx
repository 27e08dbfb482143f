import { useGetReviewCountQuery } from './review-api';

/**
 * How many purchases wait for review, beside the sidebar's Review entry; nothing at 0. Read as part of
 * the link's name: "Review, 3 waiting".
 */
export function ReviewCountBadge({ isCollapsed }: { isCollapsed: boolean }) {
  const { data } = useGetReviewCountQuery();
  const count = data?.pending_count ?? 0;
  if (count === 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <span
      className={`rounded-full bg-amber-500 px-1.5 text-xs leading-5 font-bold text-slate-950 ${
        isCollapsed ? 'absolute top-0.5 right-0.5 min-w-5 text-center' : 'ml-auto min-w-6 text-center'
      }`}
    >
      <span className="sr-only">, </span>
      {shown}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
