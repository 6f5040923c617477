import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../lib/errors';
import { extractText } from '../api/extract-text';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Optional image upload: its text (OCR on the server) is appended to the passage. */
export function ImageExtract({ onText }: { onText: (text: string) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function extract() {
    if (!file) return void toast.error('Choose an image');
    setBusy(true);
    try {
      const { text } = await extractText(await readAsDataUrl(file));
      // An empty extraction counts as a failure.
      if (!text.trim()) throw new Error('No text found in the image');
      onText(text.trim());
      toast.success('Text extracted and appended');
    } catch (error) {
      console.error('OCR failed', error);
      toastFailure('OCR failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        Image (optional)
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        <Button variant="ghost" disabled={busy} onClick={() => void extract()}>
          {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          Extract Text
        </Button>
      </div>
      {busy && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          Reading the image...
        </p>
      )}
    </div>
  );
}
