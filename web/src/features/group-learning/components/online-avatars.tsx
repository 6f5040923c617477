import { useGroupLearning } from '../group-learning-store';

/** Who has the room open right now: one initial per learner, the name for screen readers and on hover. */
export function OnlineAvatars() {
  const online = useGroupLearning((s) => s.online);
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm text-slate-700 dark:text-slate-200">{online.length} online</span>
      <ul aria-label="Online now" className="flex -space-x-2">
        {online.map((m) => (
          <li
            key={m.id}
            title={m.username}
            className="flex size-8 items-center justify-center rounded-full border-2 border-white bg-indigo-600 text-xs font-semibold text-white uppercase dark:border-slate-900"
          >
            <span aria-hidden="true">{m.username.slice(0, 1)}</span>
            <span className="sr-only">{m.username}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
