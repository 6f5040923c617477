export { AnkiExportButton } from './components/anki-export-button';
export { AnkiImportDialog } from './components/anki-import-dialog';
