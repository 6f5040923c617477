import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
  /** Overrides the height cap (the test dialog is 70vh, as the spec asks). */
  maxHeight?: string;
}

/**
 * A dialog's buttons: they stay in view at the bottom while a long body (a test, an import
 * preview) scrolls beneath them.
 */
export function ModalActions({ children }: { children: ReactNode }) {
  return (
    <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-6 py-3 dark:border-slate-700 dark:bg-slate-900">
      {children}
    </div>
  );
}

/** A dialog that is one form: its fields, then its buttons, kept in view. */
export function ModalForm({
  open,
  onOpenChange,
  title,
  busy,
  onSubmit,
  submitLabel,
  actions,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The one submit button, disabled while busy; `actions` replaces it when a form has more. */
  submitLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
        {children}
        <ModalActions>
          {actions ?? (
            <Button type="submit" disabled={busy}>
              {submitLabel}
            </Button>
          )}
        </ModalActions>
      </form>
    </Modal>
  );
}

/**
 * A ghost button and the ModalForm it opens: `onOpen` fills the form's fields first (from what
 * the screen shows now), then the dialog opens.
 */
export function ModalFormButton({
  trigger,
  onOpen,
  ...form
}: Parameters<typeof ModalForm>[0] & {
  trigger: { label: ReactNode; className?: string; 'aria-label'?: string };
  onOpen: () => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        className={trigger.className}
        aria-label={trigger['aria-label']}
        onClick={() => {
          onOpen();
          form.onOpenChange(true);
        }}
      >
        {trigger.label}
      </Button>
      <ModalForm {...form} />
    </>
  );
}

/** A Radix dialog (focus trap, Escape, role=dialog) in the app's look. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
  maxHeight = 'max-h-[85vh]',
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          // Without a description Radix must be told so, or it warns about a missing one.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-50 ${maxHeight} w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
