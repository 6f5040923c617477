import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button';
import { Modal, ModalActions } from './ui/modal';

/**
 * "Delete", asked once more in a dialog (a personal card, a room card, the browser's selected
 * cards). `onConfirm` answers whether it is done: the dialog closes then, and stays open (the
 * caller said why) otherwise.
 */
export function ConfirmDeleteButton({
  title,
  description,
  confirmLabel = title,
  onConfirm,
  variant = 'ghost',
  disabled,
  'aria-label': ariaLabel,
}: {
  /** The dialog's title, also its confirming button ("Delete Flashcard") unless `confirmLabel` says more. */
  title: string;
  description: string;
  /** The confirming button when it counts what goes ("Delete 3 cards"). */
  confirmLabel?: string;
  onConfirm: () => Promise<boolean>;
  /** The opening button: ghost beside one card, outline among other actions. */
  variant?: 'ghost' | 'outline';
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      if (await onConfirm()) setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant={variant} disabled={disabled} onClick={() => setOpen(true)} aria-label={ariaLabel}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={title} description={description}>
        <ModalActions>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={busy} variant="danger">
            {confirmLabel}
          </Button>
        </ModalActions>
      </Modal>
    </>
  );
}
