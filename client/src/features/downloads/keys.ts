/** Query keys of the caller's background jobs. */
export const jobKeys = {
  list: ['jobs', 'list'] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
};
