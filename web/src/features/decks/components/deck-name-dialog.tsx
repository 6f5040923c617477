import { ZDeckBody } from '@learnboost/api/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ModalForm } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { firstIssue } from '../../../lib/errors';
import { useSubmit } from '../../../lib/use-submit';

interface DeckNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initialName: string;
  /** Saves the name; a throw (a name already taken answers 409) keeps the dialog open with the api's sentence. */
  save: (name: string) => Promise<void>;
  failMessage: string;
}

/** A deck's name, for a new deck and for renaming one; `::` nests it under another. */
export function DeckNameDialog({ submitLabel, initialName, save, failMessage, ...dialog }: DeckNameDialogProps) {
  const { open, onOpenChange } = dialog;
  const [name, setName] = useState(initialName);
  const { busy, submit } = useSubmit(failMessage);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening only, not while the learner types.
  useEffect(() => {
    if (open) setName(initialName);
  }, [open]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = ZDeckBody.safeParse({ name });
    if (!parsed.success) return void toast.error(firstIssue(parsed.error, failMessage));
    await submit(async () => {
      await save(parsed.data.name);
      onOpenChange(false);
    });
  }

  return (
    <ModalForm {...dialog} busy={busy} onSubmit={onSubmit} submitLabel={submitLabel}>
      <TextField
        label="Deck name"
        hint="Nest a deck under another with ::, as in Biology::Cells"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="off"
      />
    </ModalForm>
  );
}
