/** A table's header row: one column heading each, and a right-aligned Actions heading when rows have actions. */
export function TableHead({
  headers,
  hasActions = false,
}: {
  headers: readonly string[];
  hasActions?: boolean;
}) {
  return (
    <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
      <tr>
        {headers.map((header) => (
          <th key={header} scope="col" className="px-4 py-3">
            {header}
          </th>
        ))}
        {hasActions && (
          <th scope="col" className="px-4 py-3 text-right">
            Actions
          </th>
        )}
      </tr>
    </thead>
  );
}
