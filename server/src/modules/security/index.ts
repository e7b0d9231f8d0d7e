/** The security area: a municipality's policy, and the checks other areas (auth, users) compose. */
export { securityRoutes as routes } from './routes';
export { policyOf, policyOfUser } from './queries';
export { assertPasswordPolicy } from './password';
