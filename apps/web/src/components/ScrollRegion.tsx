import type { ReactNode } from 'react';

/** A labelled, horizontally scrolling region for a wide table; focusable so keyboard users can scroll it. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      {children}
    </section>
  );
}
