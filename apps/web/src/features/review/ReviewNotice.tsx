import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Icon } from '@/components/Icon';
import { useGetReviewCountQuery } from './review-api';
import { purchaseCount } from './review-words';

/** The overview's line under its quick actions while purchases wait for review, linking to them. */
export function ReviewNotice() {
  const { data } = useGetReviewCountQuery();
  const count = data?.pending_count ?? 0;
  if (count === 0) return null;
  return (
    <p className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <Icon name="inbox" className="size-5 shrink-0 text-amber-800" />
      <span>
        {purchaseCount(count)} {count === 1 ? 'waits' : 'wait'} for your review.
      </span>
      <Link to={paths.review} className="font-semibold text-blue-800 underline underline-offset-4">
        Review them
      </Link>
    </p>
  );
}
