import { sandboxUrl } from './env';

export interface Fault {
  /** Substring of the provider path to fail, e.g. '/calendar/v3/' or '/me/calendarView'. */
  match: string;
  /** Only requests of this method, e.g. 'POST'. */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  status?: 429 | 500 | 502 | 503;
  times?: number;
}

/** Tells the provider sandbox to fail matching requests (its control API), for fault tests. */
export async function injectFault(fault: Fault): Promise<void> {
  const res = await fetch(`${sandboxUrl()}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 500, times: 1, ...fault }),
  });
  if (!res.ok) throw new Error(`The sandbox refused the fault: HTTP ${res.status} ${await res.text()}`);
}

export async function clearFaults(): Promise<void> {
  await fetch(`${sandboxUrl()}/__sandbox/faults`, { method: 'DELETE' });
}
