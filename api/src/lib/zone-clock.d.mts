export function wallClockFormat(timeZone: string): Intl.DateTimeFormat;
export function offsetAt(format: Intl.DateTimeFormat, at: Date): number;
