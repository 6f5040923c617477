import { DownloadButton } from '../../../components/download-button';
import { exportApkg } from '../api/export-apkg';

/** Downloads the learner's cards (or one deck's) as an .apkg that Anki opens. */
export function AnkiExportButton({ deckId }: { deckId?: string }) {
  return <DownloadButton label="Export Anki" fileName="learnboost.apkg" fetchFile={() => exportApkg(deckId)} />;
}
