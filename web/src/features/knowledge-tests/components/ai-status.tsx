import type { TAiStatus } from '@learnboost/api/contract';
import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { getAiStatus } from '../api/get-ai-status';

const LABEL: Record<TAiStatus['provider'], string> = {
  builtin: 'built-in offline engine',
  gemini: 'Gemini',
  openai: 'OpenAI-compatible',
};

/** Which AI makes the questions, said discreetly. */
export function AiStatus() {
  const [status, setStatus] = useState<TAiStatus | null>(null);
  useEffect(() => {
    getAiStatus()
      .then(setStatus)
      .catch((error) => console.warn('AI status unavailable', error));
  }, []);
  if (!status) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
      <Sparkles aria-hidden="true" className="size-3.5" />
      AI: {LABEL[status.provider]} ({status.model})
    </p>
  );
}
