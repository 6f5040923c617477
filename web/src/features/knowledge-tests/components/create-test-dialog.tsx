import { REQUESTED_DEFAULT, ZCreateTestBody } from '@learnboost/api/contract';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFieldErrors } from '../../../lib/field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { createTest } from '../api/create-test';
import { useKnowledgeTests } from '../knowledge-tests-store';
import { ImageExtract } from './image-extract';

export function CreateTestDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const { busy, submit } = useSubmit('Failed to create test');
  const fieldErrors = useFieldErrors();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = fieldErrors.check(ZCreateTestBody, { name, text, requested: REQUESTED_DEFAULT });
    if (!body) return;
    await submit(async () => {
      await createTest({ name: body.name, text: body.text, requested: body.requested });
      toast.success('Test created');
      setName('');
      setText('');
      setOpen(false);
      await useKnowledgeTests.getState().load();
    });
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>+ Create New Test</Button>
      <Modal open={open} onOpenChange={(o) => !busy && setOpen(o)} title="Create New Test" wide>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
          <TextField label="Test name" {...fieldErrors.bind('name', name, setName)} />
          <TextAreaField
            label="Passage"
            rows={10}
            placeholder="Paste the text to be tested on"
            {...fieldErrors.bind('text', text, setText)}
          />
          <ImageExtract
            onText={(extracted) => setText((t) => (t.trim() ? `${t.trimEnd()}\n\n${extracted}` : extracted))}
          />
          {busy && (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Generating questions...
            </p>
          )}
          <ModalActions>
            <Button variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Generate MCQs
            </Button>
          </ModalActions>
        </form>
      </Modal>
    </>
  );
}
