/** FSRS's four ratings by grade, as every screen names them; the spec's "Review Again" and "Remembered" keep their names. */
export const RATING_NAMES: Record<1 | 2 | 3 | 4, string> = {
  1: 'Review Again',
  2: 'Hard',
  3: 'Remembered',
  4: 'Easy',
};
