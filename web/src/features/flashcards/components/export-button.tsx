import { DownloadButton } from '../../../components/download-button';
import { exportFlashcards } from '../api/export-flashcards';

export function ExportButton() {
  return <DownloadButton label="Export CSV" fileName="learnboost-flashcards.csv" fetchFile={exportFlashcards} />;
}
