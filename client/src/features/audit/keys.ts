/** Query keys of the activity log (a page is cached per page number and size). */
export const auditKeys = {
  all: ['audit-logs'] as const,
  page: (page: number, pageSize: number) => ['audit-logs', page, pageSize] as const,
};
