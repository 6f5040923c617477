/**
 * A card's content as an Anki package and LearnBoost both hold it; an import adds where it came
 * from and its history (ImportedCard), an export its LearnBoost ids and schedule (ExportCard).
 */
export type AnkiCardContent = {
  deck: string;
  kind: 'basic' | 'cloze';
  clozeOrdinal: number | null;
  question: string;
  answer: string;
  tags: string[];
  suspended: boolean;
};
