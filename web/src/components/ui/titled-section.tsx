import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

interface TitledSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title: ReactNode;
  /** The heading's level in the page's outline. */
  heading: 'h2' | 'h3' | 'h4';
  /** The heading's text size (a level does not fix it: a card's h2 may be as small as a panel's h3). */
  size: 'text-sm' | 'text-base' | 'text-lg';
}

/** A section named by its own heading, so a screen reader lists it (and jumps to it) by that name. */
export function TitledSection({ title, heading: Heading, size, children, ...props }: TitledSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} {...props}>
      <Heading id={id} className={cn(size, 'font-semibold text-slate-900 dark:text-white')}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
