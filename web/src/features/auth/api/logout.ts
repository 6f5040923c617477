import { request } from '../../../lib/api-client';

export const logout = async (): Promise<void> => {
  await request('/auth/logout', { method: 'POST' });
};
