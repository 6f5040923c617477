import { Download } from 'lucide-react';
import { useState } from 'react';
import { toastFailure } from '../lib/errors';
import { Button } from './ui/button';

/** A button that fetches a file from the api (with the token) and saves it under `fileName`. */
export function DownloadButton({
  label,
  fileName,
  fetchFile,
}: {
  label: string;
  fileName: string;
  fetchFile: () => Promise<Blob>;
}) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const url = URL.createObjectURL(await fetchFile());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      // Revoked later: the download starts asynchronously and needs the URL until then.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toastFailure('Export failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" onClick={download} disabled={busy}>
      <Download aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
