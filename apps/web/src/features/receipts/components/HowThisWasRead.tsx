import { useId, useState } from 'react';
import { Icon } from '@/components/Icon';
import { howItWasRead } from '../how-it-was-read';

/**
 * "How this was read": closed at first, a button that opens what extraction found field by field, with
 * its confidence, and the document's text as read; for whoever wants to check a reading.
 */
export function HowThisWasRead({ extracted }: { extracted: Record<string, unknown> }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const reading = howItWasRead(extracted);
  return (
    <section className="rounded-lg border border-slate-200">
      <h3>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen(!isOpen)}
          className="flex min-h-11 w-full items-center justify-between gap-2 px-3 text-left font-semibold text-slate-900 hover:bg-slate-50"
        >
          How this was read
          <Icon name="chevronDown" className={`size-5 shrink-0 ${isOpen ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!isOpen} className="space-y-3 border-t border-slate-200 p-3 text-sm">
        {reading.source && <p className="text-slate-700">{reading.source}</p>}
        <table className="w-full text-left">
          <caption className="sr-only">Fields read from the document</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Read as
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Confidence
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {reading.fields.map((row) => (
              <tr key={row.field}>
                <th scope="row" className="py-1 pr-2 font-normal text-slate-700">
                  {row.field}
                </th>
                <td className="py-1 pr-2 wrap-anywhere text-slate-900">{row.value}</td>
                <td className="py-1 text-right text-slate-900">{row.confidence ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {reading.text && (
          <div>
            <h4 className="font-medium text-slate-700">The document's text as read</h4>
            <pre className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 font-sans text-xs whitespace-pre-wrap text-slate-800">
              {reading.text}
            </pre>
          </div>
        )}
      </div>
    </section>
  );
}
