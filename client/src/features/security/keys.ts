/** Query keys of the security area. */
export const securityKeys = {
  all: ['security'] as const,
  policy: ['security', 'policy'] as const,
  session: ['security', 'session-policy'] as const,
};
