import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; a later Tailwind class wins over a conflicting earlier one. */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));
