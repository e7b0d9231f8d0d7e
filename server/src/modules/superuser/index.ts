/** The superuser area: the installation-wide back office (no object access rules: the superuser sees every row). */
export { superuserRoutes as routes } from './routes';
export { sendInvitation, unusableHash } from '../users';
