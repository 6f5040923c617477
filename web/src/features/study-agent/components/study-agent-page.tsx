import { ComingSoon } from '../../../components/coming-soon';

export function StudyAgentPage() {
  return (
    <ComingSoon
      title="Study Agent"
      sentence="The study agent is coming soon: you will ask it questions in plain words and have it turn your notes into flashcards."
    />
  );
}
