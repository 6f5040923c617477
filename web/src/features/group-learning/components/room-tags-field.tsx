import { ROOM_TAGS_MAX } from '@learnboost/api/contract';
import { TextField } from '../../../components/ui/text-field';
import type { FieldError } from '../../../lib/field-errors';

/** Tags as Anki writes them, separated by spaces: the room deck exports to Anki with them. */
export const tagsOf = (text: string) => [...new Set(text.split(/\s+/).filter(Boolean))];

export function RoomTagsField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: FieldError;
}) {
  return (
    <TextField
      label="Tags"
      hint={`Separated by spaces, up to ${ROOM_TAGS_MAX}`}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
