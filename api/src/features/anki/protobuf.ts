/**
 * Just enough protobuf to read the few Anki messages the import needs (note type, field and
 * template configs, deck kinds, the media list). Unknown fields are skipped by wire type.
 */
export type ProtoFields = Map<number, Array<number | Uint8Array>>;

const WIRE_VARINT = 0;
const WIRE_64 = 1;
const WIRE_LEN = 2;
const WIRE_32 = 5;

function readVarint(buf: Uint8Array, pos: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (pos >= buf.length) throw new Error('protobuf: truncated varint');
    const byte = buf[pos++] as number;
    // Multiplication, not shifts: ids are 64-bit and JS shifts are 32-bit (exact up to 2^53).
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return [value, pos];
  }
  throw new Error('protobuf: varint too long');
}

/** Every field of one message, by number; repeated fields keep their order. */
export function readMessage(buf: Uint8Array): ProtoFields {
  const fields: ProtoFields = new Map();
  let pos = 0;
  while (pos < buf.length) {
    const [key, afterKey] = readVarint(buf, pos);
    pos = afterKey;
    const field = Math.floor(key / 8);
    const wire = key & 7;
    let value: number | Uint8Array;
    if (wire === WIRE_VARINT) {
      [value, pos] = readVarint(buf, pos);
    } else if (wire === WIRE_LEN) {
      const [len, start] = readVarint(buf, pos);
      if (start + len > buf.length) throw new Error('protobuf: truncated field');
      value = buf.subarray(start, start + len);
      pos = start + len;
    } else if (wire === WIRE_64) {
      value = 0;
      pos += 8;
    } else if (wire === WIRE_32) {
      value = 0;
      pos += 4;
    } else {
      throw new Error(`protobuf: unsupported wire type ${wire}`);
    }
    const list = fields.get(field);
    if (list) list.push(value);
    else fields.set(field, [value]);
  }
  return fields;
}

const decoder = new TextDecoder();

export const protoString = (f: ProtoFields, n: number): string => {
  const v = f.get(n)?.at(-1);
  return v instanceof Uint8Array ? decoder.decode(v) : '';
};

export const protoNumber = (f: ProtoFields, n: number): number => {
  const v = f.get(n)?.at(-1);
  return typeof v === 'number' ? v : 0;
};

export const protoHas = (f: ProtoFields, n: number): boolean => f.has(n);

export const protoMessages = (f: ProtoFields, n: number): ProtoFields[] =>
  (f.get(n) ?? []).filter((v): v is Uint8Array => v instanceof Uint8Array).map(readMessage);
