import type { TAnkiImportPreview } from '@learnboost/api/contract';

// Sample fields are sanitised HTML; the preview shows their words only.
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export function AnkiImportPreview({ preview }: { preview: TAnkiImportPreview }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        {plural(preview.cards, 'card')} from {plural(preview.notes, 'note')}, {plural(preview.reviews, 'review')} and{' '}
        {plural(preview.media, 'image')}.
      </p>
      <p data-testid="anki-note-counts">
        {plural(preview.newNotes, 'new note')}, {plural(preview.updatedNotes, 'updated note')},{' '}
        {plural(preview.unchangedNotes, 'unchanged note')}
        {preview.newNotes < preview.notes &&
          ': notes you imported before are updated in place, keeping their schedule and history, not added again'}
        .
      </p>
      <div>
        <h3 className="font-semibold">Decks</h3>
        <ul className="list-inside list-disc">
          {preview.decks.map((d) => (
            <li key={d.name}>
              {d.name}: {plural(d.cards, 'card')}
            </li>
          ))}
        </ul>
      </div>
      {preview.skipped.length > 0 && (
        <div>
          <h3 className="font-semibold">Left out</h3>
          <ul className="list-inside list-disc">
            {preview.skipped.map((s) => (
              <li key={s.reason}>
                {s.reason}: {s.count.toLocaleString()}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.sample.length > 0 && (
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="mb-1 text-left font-semibold">First cards</caption>
          <thead>
            <tr>
              <th className="border-b p-1">Question</th>
              <th className="border-b p-1">Answer</th>
              <th className="border-b p-1">Deck</th>
            </tr>
          </thead>
          <tbody>
            {preview.sample.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sample, never reordered
              <tr key={i}>
                <td className="truncate border-b p-1">{plain(c.question)}</td>
                <td className="truncate border-b p-1">{plain(c.answer)}</td>
                <td className="truncate border-b p-1">{c.deck}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
