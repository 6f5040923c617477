import { Bot, LoaderCircle, User } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useStudyAgent } from '../study-agent-store';

export function Chat() {
  const messages = useStudyAgent((s) => s.messages);
  const busy = useStudyAgent((s) => s.busy);
  const [question, setQuestion] = useState('');
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Keep the newest message (and the growing answer) in view.
    if (messages.length) end.current?.scrollIntoView({ block: 'nearest' });
  }, [messages]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Enter in the input submits the form: the spec's "Enter sends".
    event.preventDefault();
    const text = question;
    if (!text.trim()) return void useStudyAgent.getState().ask(text);
    setQuestion('');
    await useStudyAgent.getState().ask(text);
  }

  return (
    <section
      aria-labelledby="chat-title"
      className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2
        id="chat-title"
        className="border-b border-slate-200 px-5 py-3 text-lg font-semibold text-slate-900 dark:border-slate-700 dark:text-white"
      >
        Chat
      </h2>
      <ol
        aria-live="polite"
        aria-label="Conversation"
        className="flex max-h-[50vh] min-h-64 flex-col gap-3 overflow-y-auto p-5"
      >
        {messages.map((m) => (
          <li key={m.id} className={cn('flex gap-2', m.role === 'user' && 'flex-row-reverse')}>
            {m.role === 'agent' ? (
              <Bot aria-hidden="true" className="mt-1 size-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
            ) : (
              <User aria-hidden="true" className="mt-1 size-5 shrink-0 text-slate-600 dark:text-slate-300" />
            )}
            <p
              data-role={m.role}
              className={cn(
                'max-w-[80%] rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap',
                m.role === 'agent'
                  ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
                  : 'bg-indigo-600 text-white',
              )}
            >
              <span className="sr-only">{m.role === 'agent' ? 'Agent: ' : 'You: '}</span>
              {m.text || <LoaderCircle aria-label="Thinking" className="size-4 animate-spin" />}
            </p>
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      <form noValidate onSubmit={onSubmit} className="flex gap-2 border-t border-slate-200 p-4 dark:border-slate-700">
        <label htmlFor="agent-question" className="sr-only">
          Your question
        </label>
        <input
          id="agent-question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          placeholder="Ask a question about what you are studying"
          className="flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <Button type="submit" disabled={busy}>
          Ask
        </Button>
      </form>
    </section>
  );
}
