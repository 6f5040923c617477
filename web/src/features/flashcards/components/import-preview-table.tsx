import type { TImportPreview } from '@learnboost/api/contract';

// Thousands of rows would make the dialog crawl; the counts above the table stay exact.
const ROWS_SHOWN = 100;

export function ImportPreviewTable({ preview }: { preview: TImportPreview }) {
  const { rows, count, duplicateCount, format } = preview;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="import-summary">
        {count} {count === 1 ? 'card' : 'cards'} found ({format.toUpperCase()}), {duplicateCount}{' '}
        {duplicateCount === 1 ? 'duplicate' : 'duplicates'} will be skipped.
      </p>
      <div className="max-h-64 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Cards to import</caption>
          <thead className="sticky top-0 bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <th scope="col" className="px-3 py-2">
                Question
              </th>
              <th scope="col" className="px-3 py-2">
                Answer
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, ROWS_SHOWN).map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and never reorder
              <tr key={i} className="border-t border-slate-200 align-top dark:border-slate-700">
                <td className="px-3 py-2 whitespace-pre-wrap text-slate-900 dark:text-slate-100">{row.question}</td>
                <td className="px-3 py-2 whitespace-pre-wrap text-slate-900 dark:text-slate-100">{row.answer}</td>
                <td className="px-3 py-2">
                  {row.duplicate ? (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                      Duplicate
                    </span>
                  ) : (
                    <span className="text-xs text-slate-600 dark:text-slate-300">New</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > ROWS_SHOWN && (
        <p className="text-xs text-slate-600 dark:text-slate-300">and {rows.length - ROWS_SHOWN} more rows</p>
      )}
    </div>
  );
}
