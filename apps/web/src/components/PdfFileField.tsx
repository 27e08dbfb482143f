import { useId, useRef } from 'react';
import { isPdfFile, showInvalidFile } from './pdf-file';

interface Props {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** An optional PDF attachment; anything but a PDF is refused with the spec's 'Invalid File' message. */
export function PdfFileField({ label, file, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <div>
      <label className="block text-sm font-medium text-slate-800">
        {label}
        <input
          ref={input}
          type="file"
          accept="application/pdf"
          aria-describedby={hintId}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            if (chosen && !isPdfFile(chosen)) {
              e.target.value = '';
              onChange(null);
              void showInvalidFile();
              return;
            }
            onChange(chosen);
          }}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:font-semibold file:text-blue-800 hover:file:bg-blue-100"
        />
      </label>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {file ? `Selected: ${file.name}` : 'PDF only, up to 10 MB.'}
      </p>
    </div>
  );
}
