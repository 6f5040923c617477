import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Modal, ModalActions } from './ui/modal';

/**
 * An import's button on the Flashcards screen and the wide dialog it opens (cards as text, an Anki
 * package): closing the dialog forgets what was chosen, and is refused while `busy` says the
 * import cannot be left (an upload or a commit under way).
 */
export function ImportDialogShell({
  Icon,
  label,
  title,
  description,
  open,
  setOpen,
  busy = false,
  reset,
  actions,
  children,
}: {
  Icon: LucideIcon;
  label: string;
  title: string;
  description: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  busy?: boolean;
  reset: () => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          if (!next) reset();
        }}
        title={title}
        description={description}
        wide
      >
        <div className="flex flex-col gap-4">
          {children}
          <ModalActions>{actions}</ModalActions>
        </div>
      </Modal>
    </>
  );
}
