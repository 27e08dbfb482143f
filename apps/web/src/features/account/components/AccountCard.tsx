import { type ReactNode, useId } from 'react';

/** One titled section of the Account page; `danger` marks the irreversible one. */
export function AccountCard({
  title,
  tone,
  children,
}: {
  title: string;
  tone?: 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-5 ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
