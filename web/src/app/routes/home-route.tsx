import { useAuth } from '../../features/auth';
import { HomePage } from '../../features/home';

export function HomeRoute() {
  const username = useAuth((s) => s.user?.username ?? 'Guest');
  return <HomePage username={username} />;
}
