import type { PurchaseDocument } from '@warrantly/contract/review';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { emailDocument, loadPurifier, sanitizeEmailHtml } from '../email-html';
import { useGetEmailViewQuery } from '../review-api';
import { DownloadButton } from './DownloadButton';

type View = 'text' | 'html';
const VIEWS: { view: View; label: string }[] = [
  { view: 'text', label: 'Text' },
  { view: 'html', label: 'HTML' },
];

/**
 * A kept e-mail as proof of a purchase: its headers, then its text or its HTML (sanitised, shown in a
 * sandboxed frame that loads nothing remote), its attachments by name, and the .eml to download.
 */
export function EmailViewer({ document: doc }: { document: PurchaseDocument }) {
  const { data: mail, isLoading, isError, refetch } = useGetEmailViewQuery(doc.id);
  const [chosen, setChosen] = useState<View | null>(null);
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const frame = useSafeEmailDocument(mail?.html ?? null);

  if (isLoading) return <p className="text-sm text-slate-700">Loading the e-mail…</p>;
  if (isError || !mail) {
    return (
      <p role="alert" className="text-sm text-red-700">
        The e-mail could not be loaded.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  }

  // The HTML is what the sender meant to be seen; a mail without any shows its text.
  const view: View = chosen ?? (mail.html ? 'html' : 'text');
  const subject = mail.subject || 'E-mail';

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: VIEWS.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + VIEWS.length) % VIEWS.length;
    const target = VIEWS[next];
    if (!target) return;
    setChosen(target.view);
    tabs.current[next]?.focus();
  }

  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {(
          [
            ['Subject', mail.subject],
            ['From', mail.from],
            ['To', mail.to],
            ['Date', mail.date],
          ] as const
        ).map(([label, value]) =>
          value ? (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <div role="tablist" aria-label="Show the e-mail as" className="flex gap-1 border-b border-slate-200">
        {VIEWS.map(({ view: v, label }, index) => (
          <button
            key={v}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${v}-tab`}
            aria-selected={view === v}
            aria-controls={`${baseId}-${v}`}
            tabIndex={view === v ? 0 : -1}
            onClick={() => setChosen(v)}
            onKeyDown={(e) => onTabKey(e, index)}
            className={`-mb-px min-h-11 border-b-2 px-4 font-semibold ${
              view === v
                ? 'border-blue-700 text-blue-800'
                : 'border-transparent text-slate-700 hover:text-slate-900'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${view}`} aria-labelledby={`${baseId}-${view}-tab`}>
        {view === 'text' ? (
          mail.text ? (
            <pre className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-900">
              {mail.text}
            </pre>
          ) : (
            <p className="text-sm text-slate-700">This e-mail has no plain-text part.</p>
          )
        ) : frame === 'loading' ? (
          <p className="text-sm text-slate-700">Preparing the e-mail…</p>
        ) : frame === 'failed' ? (
          <p role="alert" className="text-sm text-red-700">
            The HTML could not be shown. Its text is under Text.
          </p>
        ) : frame ? (
          <>
            <iframe
              title={`E-mail: ${subject}`}
              // No permission at all: no scripts, no forms, no navigation, an origin of its own.
              sandbox=""
              srcDoc={frame}
              referrerPolicy="no-referrer"
              className="h-96 w-full rounded-lg border border-slate-200 bg-white"
            />
            <p className="mt-1 text-xs text-slate-600">
              Shown safely: images from the web are not loaded and links are written out.
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-700">This e-mail has no HTML part.</p>
        )}
      </div>
      {mail.attachments.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-slate-600">Attachments</p>
          <ul className="mt-1 space-y-0.5 text-slate-900">
            {mail.attachments.map((a, i) => (
              // Two attachments may share a name.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i} className="break-words">
                {a.filename}
              </li>
            ))}
          </ul>
        </div>
      )}
      <DownloadButton document={doc} label="Download .eml" />
    </div>
  );
}

/**
 * The sandboxed frame's document for a mail's HTML: 'loading' while the sanitiser's code arrives, null
 * for a mail without HTML.
 */
function useSafeEmailDocument(html: string | null): string | 'loading' | 'failed' | null {
  const [result, setResult] = useState<{ html: string; doc: string | 'failed' } | null>(null);
  useEffect(() => {
    if (!html) return;
    let isCurrent = true;
    loadPurifier().then(
      (purifier) => {
        if (isCurrent) setResult({ html, doc: emailDocument(sanitizeEmailHtml(html, purifier)) });
      },
      (error: unknown) => {
        console.error('The e-mail sanitiser could not be loaded', error);
        if (isCurrent) setResult({ html, doc: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [html]);
  if (!html) return null;
  return result?.html === html ? result.doc : 'loading';
}
