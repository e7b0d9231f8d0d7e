import type { User, UserCreate, UserUpdate } from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

export interface UserList {
  users: User[];
  total: number;
}

export async function fetchUsers(): Promise<UserList> {
  const data = await http.get<UserList>('/users');
  const users = listFrom<User>(data, 'users');
  return { users, total: data?.total ?? users.length };
}

export async function createUser(body: UserCreate): Promise<User> {
  return itemFrom<User>(await http.post('/users', body), 'user');
}

export async function updateUser(id: number, body: UserUpdate): Promise<User> {
  return itemFrom<User>(await http.put(`/users/${id}`, body), 'user');
}

export async function deleteUser(id: number): Promise<void> {
  await http.delete(`/users/${id}`);
}

/** Unlock (spec §4 User lock): lockoutUntil null and failedLoginAttempts 0, at the version shown. */
export async function unlockUser(user: Pick<User, 'id' | 'version'>): Promise<User> {
  return updateUser(user.id, { lockoutUntil: null, failedLoginAttempts: 0, version: user.version });
}

export const isLocked = (u: Pick<User, 'lockoutUntil'>, now = Date.now()) =>
  !!u.lockoutUntil && new Date(u.lockoutUntil).getTime() > now;

/** An admin turns off a user's two-step sign-in (204; 404 when it is off). */
export async function resetTwoFactor(id: number): Promise<void> {
  await http.delete(`/users/${id}/2fa`);
}

/** "Reenviar convite": a new link by e-mail; the old one stops working (202, the user). */
export async function resendInvitation(id: number): Promise<User> {
  return itemFrom<User>(await http.post(`/users/${id}/invitation`), 'user');
}

/** "Revogar convite": the link stops working; no sign-in until invited again. */
export async function revokeInvitation(id: number): Promise<User> {
  return itemFrom<User>(await http.delete(`/users/${id}/invitation`), 'user');
}
