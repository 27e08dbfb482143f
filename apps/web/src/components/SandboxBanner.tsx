import type { Meta } from '@warrantly/contract/meta';
import { useEffect, useState } from 'react';

/**
 * A thin notice when sign-in goes to the local provider sandbox rather than Google and Microsoft.
 * Fixed to the bottom edge so its late arrival never shifts the page.
 */
export function SandboxBanner() {
  const [isSandbox, setIsSandbox] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v1/meta/', { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<Meta>) : null))
      .then((meta) => setIsSandbox(meta?.sandbox === true))
      .catch(() => {
        // No banner when the server cannot say; nothing else depends on it.
      });
    return () => controller.abort();
  }, []);
  if (!isSandbox) return null;
  return (
    <aside
      aria-label="Sandbox notice"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] bg-amber-100 px-3 py-1 text-center text-xs font-medium text-amber-900"
    >
      Sign-in uses the local provider sandbox: demo accounts, no real Google or Microsoft.
    </aside>
  );
}
