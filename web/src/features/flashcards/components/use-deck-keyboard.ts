import type { TRating } from '@learnboost/api/contract';
import { useEffect } from 'react';
import { useFlashcards } from '../flashcards-store';

const isTextEntry = (el: Element) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLElement && el.isContentEditable);

/**
 * Space flips; once flipped, 1–4 rate as in Anki (1 Review Again, 2 Hard, 3 Remembered, 4 Easy);
 * Ctrl/Cmd+Z undoes the last rating.
 */
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
        // A link does not (Space only scrolls there): arriving from the sidebar, Space flips.
        if (target.closest('button, [role="button"]')) return;
        event.preventDefault();
        deck.flip();
      } else if (deck.flipped && ['1', '2', '3', '4'].includes(event.key)) {
        deck.rate(Number(event.key) as TRating);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
