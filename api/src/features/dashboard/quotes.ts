import type { Day } from '../../lib/local-days';

// Curated, attributed; one a day, the same for everyone on that day.
export const QUOTES: readonly { text: string; author: string }[] = [
  { text: 'The expert in anything was once a beginner.', author: 'Helen Hayes' },
  { text: 'Consistency beats perfection.', author: 'Proverb' },
  { text: 'The beautiful thing about learning is that no one can take it away from you.', author: 'B. B. King' },
  { text: 'Live as if you were to die tomorrow. Learn as if you were to live forever.', author: 'Mahatma Gandhi' },
  { text: 'An investment in knowledge pays the best interest.', author: 'Benjamin Franklin' },
  { text: 'It does not matter how slowly you go as long as you do not stop.', author: 'Confucius' },
  { text: 'Learning never exhausts the mind.', author: 'Leonardo da Vinci' },
  { text: 'The more that you read, the more things you will know.', author: 'Dr. Seuss' },
  { text: 'Tell me and I forget. Teach me and I remember. Involve me and I learn.', author: 'Proverb' },
  { text: 'Education is not the filling of a pail, but the lighting of a fire.', author: 'After Plutarch' },
  { text: 'We are what we repeatedly do. Excellence, then, is not an act, but a habit.', author: 'Will Durant' },
  { text: 'Success is the sum of small efforts, repeated day in and day out.', author: 'Robert Collier' },
  { text: 'A little progress each day adds up to big results.', author: 'Proverb' },
  { text: 'I have no special talent. I am only passionately curious.', author: 'Albert Einstein' },
  { text: 'Study the past if you would define the future.', author: 'Confucius' },
  {
    text: 'The capacity to learn is a gift; the ability to learn is a skill; the willingness to learn is a choice.',
    author: 'Brian Herbert',
  },
  { text: 'Knowledge is power.', author: 'Francis Bacon' },
  { text: 'Genius is one percent inspiration and ninety-nine percent perspiration.', author: 'Thomas Edison' },
  { text: 'The roots of education are bitter, but the fruit is sweet.', author: 'Aristotle' },
  { text: 'Anyone who stops learning is old, whether at twenty or eighty.', author: 'Henry Ford' },
  { text: 'Practice is the best of all instructors.', author: 'Publilius Syrus' },
  { text: 'Repetition is the mother of learning.', author: 'Proverb' },
  { text: 'What we learn with pleasure we never forget.', author: 'Alfred Mercier' },
  { text: 'Well begun is half done.', author: 'Aristotle' },
  { text: 'Little by little, one travels far.', author: 'J. R. R. Tolkien' },
  { text: 'Do not wait; the time will never be just right.', author: 'Napoleon Hill' },
  { text: 'Energy and persistence conquer all things.', author: 'Benjamin Franklin' },
  { text: 'You don’t have to be great to start, but you have to start to be great.', author: 'Zig Ziglar' },
  { text: 'The secret of getting ahead is getting started.', author: 'Mark Twain' },
  { text: 'Wisdom begins in wonder.', author: 'Socrates' },
];

export function quoteOfDay(day: Day): { text: string; author: string } {
  const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  return QUOTES[dayNumber % QUOTES.length] ?? (QUOTES[0] as { text: string; author: string });
}
