/** The Warrantly mark and word; the caller's link carries the accessible name. */
export function Logo({ className = '', showWord = true }: { className?: string; showWord?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M16 5l9 4v6c0 6-4 10.5-9 12-5-1.5-9-6-9-12V9z" fill="#fff" />
        <path
          d="M11.5 16.2l3.2 3.2 6-6.4"
          fill="none"
          stroke="#1d4ed8"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {showWord && <span className="text-xl font-bold tracking-tight text-slate-900">Warrantly</span>}
    </span>
  );
}
