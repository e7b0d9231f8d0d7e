/** The auth area: sign-in routes, and the session revocation other areas compose (users). */
export { authRoutes as routes } from './routes';
export { newLink, revokeAllSessions, revokeLinks } from './commands';
export { resetTwoFactor } from './two-factor';
