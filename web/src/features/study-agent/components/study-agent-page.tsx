import { useEffect } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../auth';
import { useStudyAgent } from '../study-agent-store';
import { Chat } from './chat';
import { FlashcardGenerator } from './flashcard-generator';

export function StudyAgentPage() {
  const userId = useAuth((s) => s.user?.id);
  useEffect(() => {
    if (userId) useStudyAgent.getState().open(userId);
  }, [userId]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col">
      <PageHeader title="Study Agent">Ask questions in plain words, and turn your notes into flashcards.</PageHeader>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Chat />
        <FlashcardGenerator />
      </div>
    </div>
  );
}
