/** Query keys of the municipality's users. */
export const usersKeys = {
  list: ['users'] as const,
};
