import { ComingSoon } from '../../../components/coming-soon';

export function GroupLearningPage() {
  return (
    <ComingSoon
      title="Group Learning"
      sentence="Group learning is coming soon: you will open study rooms and share flashcards with other learners live."
    />
  );
}
