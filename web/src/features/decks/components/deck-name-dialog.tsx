import { ZDeckBody } from '@learnboost/api/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { ModalForm } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useFieldErrors } from '../../../lib/field-errors';
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
  const fieldErrors = useFieldErrors();

  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled on opening only, not while the learner types.
  useEffect(() => {
    if (!open) return;
    setName(initialName);
    fieldErrors.reset();
  }, [open]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = fieldErrors.check(ZDeckBody, { name });
    if (!body) return;
    await submit(async () => {
      await save(body.name);
      onOpenChange(false);
    });
  }

  return (
    <ModalForm {...dialog} busy={busy} onSubmit={onSubmit} submitLabel={submitLabel}>
      <TextField
        label="Deck name"
        hint="Nest a deck under another with ::, as in Biology::Cells"
        {...fieldErrors.bind('name', name, setName)}
        autoComplete="off"
      />
    </ModalForm>
  );
}
