import { IMPORT_GONE_CODE, type TAnkiImportPreview } from '@learnboost/api/contract';
import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ImportDialogShell } from '../../../components/import-dialog-shell';
import { Button } from '../../../components/ui/button';
import { FileField } from '../../../components/ui/file-field';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { toastFailure } from '../../../lib/errors';
import { commitAnkiImport, getAnkiImportProgress } from '../api/commit-anki-import';
import { uploadAnkiPackage } from '../api/upload-anki-package';
import { AnkiImportPreview } from './anki-import-preview';

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'writing'; percent: number };

const POLL_MS = 500;

/** The dialog's words on screen. */
const WORDS = {
  label: 'Import Anki',
  title: 'Import an Anki package',
  description:
    'Choose an .apkg or .colpkg file exported from Anki: decks, cards, images and review history come along.',
};

/** Import an Anki package: upload with progress, a preview, then the commit with its progress. */
export function AnkiImportDialog({ onImported }: { onImported?: () => void | Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<TAnkiImportPreview | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  /** The staged package expired or is gone: the learner is asked to upload it again. */
  const [gone, setGone] = useState<string | null>(null);
  const busy = phase.kind !== 'idle';

  function reset() {
    setPreview(null);
    setGone(null);
    setPhase({ kind: 'idle' });
  }

  async function choose(file: File) {
    if (busy) return;
    setPreview(null);
    setGone(null);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      setPreview(await uploadAnkiPackage(file, (f) => setPhase({ kind: 'uploading', percent: f * 100 })));
    } catch (error) {
      toastFailure('Import failed', error);
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  async function commit() {
    if (!preview || busy) return;
    const { importId } = preview;
    setPhase({ kind: 'writing', percent: 0 });
    const poll = setInterval(() => {
      void getAnkiImportProgress(importId)
        .then((p) => p.total && setPhase({ kind: 'writing', percent: (p.done / p.total) * 100 }))
        .catch(() => {});
    }, POLL_MS);
    try {
      const result = await commitAnkiImport(importId);
      toast.success(
        `Imported ${result.cards} ${result.cards === 1 ? 'card' : 'cards'}, ${result.reviews} ${result.reviews === 1 ? 'review' : 'reviews'} and ${result.media} ${result.media === 1 ? 'image' : 'images'}${result.updated ? `; updated ${result.updated} ${result.updated === 1 ? 'card' : 'cards'}` : ''}`,
      );
      reset();
      setOpen(false);
      await onImported?.();
    } catch (error) {
      if (error instanceof ApiError && error.code === IMPORT_GONE_CODE) {
        setPreview(null);
        setGone(error.message);
      } else toastFailure('Import failed', error);
      setPhase({ kind: 'idle' });
    } finally {
      clearInterval(poll);
    }
  }

  return (
    <ImportDialogShell
      Icon={PackageOpen}
      {...WORDS}
      open={open}
      setOpen={setOpen}
      busy={busy}
      reset={reset}
      actions={
        <Button onClick={commit} disabled={busy || !preview || preview.cards === 0}>
          {preview ? `Import ${preview.cards} ${preview.cards === 1 ? 'card' : 'cards'}` : 'Import'}
        </Button>
      }
    >
      <FileField label="Anki package (.apkg or .colpkg)" accept=".apkg,.colpkg" onFile={choose} disabled={busy} />
      {gone && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {gone}
        </p>
      )}
      {phase.kind === 'uploading' && (
        <div className="flex flex-col gap-1 text-sm">
          <span>{phase.percent < 100 ? `Uploading… ${Math.round(phase.percent)}%` : 'Reading the package…'}</span>
          <ProgressBar label="Upload" value={phase.percent} />
        </div>
      )}
      {phase.kind === 'writing' && (
        <div className="flex flex-col gap-1 text-sm">
          <span>Importing… {Math.round(phase.percent)}%</span>
          <ProgressBar label="Import" value={phase.percent} />
        </div>
      )}
      {preview && <AnkiImportPreview preview={preview} />}
    </ImportDialogShell>
  );
}
