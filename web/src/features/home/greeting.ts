/** Thresholds from the spec: morning before 12:00, afternoon before 18:00. */
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
