import { useEffect } from 'react';
import { useFlashcards } from '../flashcards-store';

const isTextEntry = (el: Element) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLElement && el.isContentEditable);

/** Space flips, 1 = Review Again, 2 = Remembered (once flipped), Ctrl/Cmd+Z undoes the last rating. */
export function useDeckKeyboard(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof Element ? event.target : document.body;
      // Typing in a field or working in a dialog is not studying; those keys belong there.
      if (event.defaultPrevented || isTextEntry(target) || target.closest('[role="dialog"]')) return;
      const deck = useFlashcards.getState();
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        void deck.undo();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === ' ') {
        // A focused button already turns Space into its own click; flipping too would flip twice.
        if (target.closest('button, a, [role="button"]')) return;
        event.preventDefault();
        deck.flip();
      } else if (event.key === '1' && deck.flipped) {
        deck.rate(false);
      } else if (event.key === '2' && deck.flipped) {
        deck.rate(true);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
