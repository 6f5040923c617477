import { useState } from 'react';
import { LabelledField } from './text-field';

interface FileFieldProps {
  label: string;
  accept: string;
  disabled?: boolean;
  onFile: (file: File) => void | Promise<void>;
}

/**
 * A labelled file picker that names the file picked. The browser's own input forgets it the
 * moment its value is cleared (cleared so that picking the same file again reads it again), and
 * would say "No file chosen" under a preview of that very file.
 */
export function FileField({ label, accept, disabled, onFile }: FileFieldProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <LabelledField label={label}>
      {(id) => (
        <div className="flex items-center gap-3 text-sm">
          <input
            id={id}
            type="file"
            accept={accept}
            disabled={disabled}
            className="peer sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setChosen(file.name);
              void onFile(file);
            }}
          />
          <label
            htmlFor={id}
            className="cursor-pointer rounded-lg bg-slate-100 px-3 py-2 font-semibold text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 dark:bg-slate-800 dark:text-slate-100"
          >
            Choose file
          </label>
          <span className="min-w-0 truncate text-slate-700 dark:text-slate-200" aria-live="polite">
            {chosen ?? 'No file chosen'}
          </span>
        </div>
      )}
    </LabelledField>
  );
}
