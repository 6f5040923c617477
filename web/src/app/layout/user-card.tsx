import type { TUser } from '@learnboost/api/contract';

export function UserCard({ user }: { user: TUser }) {
  const initial = user.username.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="flex flex-col gap-1.5 px-1">
      <div className="flex items-center gap-2.5">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
        >
          {initial}
        </span>
        <p className="min-w-0 truncate text-sm font-semibold text-slate-900 dark:text-white" title={user.username}>
          {user.username}
        </p>
      </div>
      {/* On its own full-width line and never cut: the learner should see which account is signed in. */}
      <p className="text-xs [overflow-wrap:anywhere] text-slate-600 dark:text-slate-300">{user.email}</p>
    </div>
  );
}
