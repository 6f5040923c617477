import { useAuth } from '../../features/auth';
import { GroupLearningPage } from '../../features/group-learning';

/** Group Learning for the signed-in learner: the rooms need to know who "me" is. */
export function GroupLearningRoute() {
  const user = useAuth((s) => s.user);
  // RequireAuth renders this only once a learner is signed in.
  if (!user) return null;
  return <GroupLearningPage me={{ id: user.id, username: user.username }} />;
}
