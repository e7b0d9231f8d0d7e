/** Query keys of the own profile: 2FA state and sessions. */
export const profileKeys = {
  twoFactor: ['profile', '2fa'] as const,
  sessions: ['profile', 'sessions'] as const,
};
