import type { ReviewState } from '@warrantly/contract/purchases';

/** The lists' mark on a purchase read automatically that waits for the user's look (the review inbox). */
export function ToReviewMark({ state }: { state: ReviewState | null }) {
  if (state !== 'pending') return null;
  return (
    <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
      To review
    </span>
  );
}
