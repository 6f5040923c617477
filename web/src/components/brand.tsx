import { Zap } from 'lucide-react';
import { cn } from '../lib/cn';

export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white">
        <Zap aria-hidden="true" className="size-4.5" />
      </span>
      LearnBoost
    </span>
  );
}
