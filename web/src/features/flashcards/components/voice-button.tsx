import { Volume2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { STUDY_BUTTON } from './study-button';

const speechSupported = () => typeof window !== 'undefined' && 'speechSynthesis' in window;
const UNSUPPORTED = 'Reading aloud needs speech synthesis, which this browser does not offer.';

/** Reads the side of the card the learner sees, in the page's language. */
export function VoiceButton({ text }: { text: string }) {
  const reasonId = useId();
  const supported = speechSupported();

  function speak() {
    window.speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || 'en';
    window.speechSynthesis.speak(utterance);
  }

  return (
    <>
      <Button
        variant="ghost"
        className={STUDY_BUTTON}
        onClick={speak}
        disabled={!supported}
        title={supported ? 'Read the visible side aloud' : UNSUPPORTED}
        aria-describedby={supported ? undefined : reasonId}
      >
        <Volume2 aria-hidden="true" className="size-4" />
        Voice
      </Button>
      {!supported && (
        <span id={reasonId} className="sr-only">
          {UNSUPPORTED}
        </span>
      )}
    </>
  );
}
