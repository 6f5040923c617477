import { ComingSoon } from '../../../components/coming-soon';

export function KnowledgeGapsPage() {
  return (
    <ComingSoon
      title="Knowledge Tests"
      sentence="Knowledge tests are coming soon: you will turn a text into a multiple-choice test and get your mistakes explained."
    />
  );
}
