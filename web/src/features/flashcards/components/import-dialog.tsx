import type { TImportPreview } from '@learnboost/api/contract';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DeckSelect } from '../../../components/deck-select';
import { ImportDialogShell } from '../../../components/import-dialog-shell';
import { Button } from '../../../components/ui/button';
import { FileField } from '../../../components/ui/file-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { messageOf, toastFailure } from '../../../lib/errors';
import { importFlashcards } from '../api/import-flashcards';
import { previewImport } from '../api/preview-import';
import { useDeckChoice } from '../deck-context';
import { useFlashcards } from '../flashcards-store';
import { ImportPreviewTable } from './import-preview-table';

/** The dialog's words on screen. */
const WORDS = {
  label: 'Import',
  title: 'Import Flashcards',
  description:
    "Paste CSV (question,answer) or tab-separated text such as Anki's “Notes in Plain Text”, or choose a file.",
};

export function ImportDialog() {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const { cardsChanged, decks, deckId: shownDeck } = useDeckChoice();
  // Into the deck on screen by default; with "All decks" on screen, the default deck.
  const [deckId, setDeckId] = useState('');
  const intoDeck = deckId || shownDeck || decks.find((d) => d.isDefault)?.id || '';

  function reset() {
    setContent('');
    setPreview(null);
    setDeckId('');
  }

  function edit(next: string) {
    setContent(next);
    // A preview of other text would import something the learner never saw.
    setPreview(null);
  }

  async function readFile(file: File) {
    try {
      edit(await file.text());
    } catch (error) {
      toast.error(`Could not read ${file.name}: ${messageOf(error, 'unknown error')}`);
    }
  }

  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    if (busy) return undefined;
    setBusy(true);
    try {
      return await action();
    } catch (error) {
      toastFailure('Import failed', error);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function showPreview() {
    if (!content.trim()) return void toast.error('Paste or upload the cards to import');
    const result = await run(() => previewImport(content));
    if (result) setPreview(result);
  }

  async function runImport() {
    const result = await run(() => importFlashcards(content, intoDeck || undefined));
    if (!result) return;
    toast.success(
      `Imported ${result.added} ${result.added === 1 ? 'card' : 'cards'}` +
        (result.skipped ? `, skipped ${result.skipped} duplicate${result.skipped === 1 ? '' : 's'}` : ''),
    );
    reset();
    setOpen(false);
    cardsChanged();
    await useFlashcards.getState().load();
  }

  const toAdd = preview ? preview.count - preview.duplicateCount : 0;
  return (
    <ImportDialogShell
      Icon={Upload}
      {...WORDS}
      open={open}
      setOpen={setOpen}
      reset={reset}
      actions={
        <>
          <Button variant="outline" onClick={showPreview} disabled={busy}>
            Preview
          </Button>
          <Button onClick={runImport} disabled={busy || !preview || toAdd === 0}>
            {preview ? `Import ${toAdd} ${toAdd === 1 ? 'card' : 'cards'}` : 'Import'}
          </Button>
        </>
      }
    >
      <TextAreaField
        label="Cards to import"
        rows={6}
        value={content}
        onChange={(e) => edit(e.target.value)}
        placeholder={'question,answer\n"Capital of France","Paris"'}
        className="font-mono"
      />
      {decks.length > 1 && <DeckSelect label="Into deck" decks={decks} value={intoDeck} onChange={setDeckId} />}
      <FileField
        label="Or choose a file (.csv, .tsv, .txt)"
        accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
        onFile={readFile}
      />
      {preview && <ImportPreviewTable preview={preview} />}
    </ImportDialogShell>
  );
}
