import { request } from '../../../lib/api-client';

export async function deleteSession(id: string): Promise<void> {
  await request(`/study-planner/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
