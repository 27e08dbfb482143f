import type { ReactNode } from 'react';
import { paths } from '@/app/paths';
import { BackLink } from '@/components/BackLink';

/** The frame of the placeholder legal pages: title, text, and the back button. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <BackLink to={paths.home} />
      <h1 className="mt-6 text-3xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6 space-y-4 leading-relaxed text-slate-700">{children}</div>
    </main>
  );
}
