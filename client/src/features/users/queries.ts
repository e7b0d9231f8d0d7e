import { useQuery } from '@tanstack/react-query';
import { fetchUsers } from './api';
import { usersKeys } from './keys';

/** The municipality's users (read only with 'users:read'); user.* events refetch it. */
export function useUsers(enabled: boolean) {
  return useQuery({ queryKey: usersKeys.list, queryFn: fetchUsers, enabled });
}
