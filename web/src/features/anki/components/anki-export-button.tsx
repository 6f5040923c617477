import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { messageOf } from '../../../lib/errors';
import { exportApkg } from '../api/export-apkg';

/** Downloads the learner's cards (or one deck's) as an .apkg that Anki opens. */
export function AnkiExportButton({ deckId }: { deckId?: string }) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const url = URL.createObjectURL(await exportApkg(deckId));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'learnboost.apkg';
      link.click();
      // Revoked later: the download starts asynchronously and needs the URL until then.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error(messageOf(error, 'Export failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="ghost"
      onClick={download}
      disabled={busy}
      className="border border-slate-300 dark:border-slate-600"
    >
      <Download aria-hidden="true" className="size-4" />
      Export Anki
    </Button>
  );
}
