/** The general documents area: its routes and access rules. */
export { documentRoutes as routes } from './routes';
export { documentAccess as access } from './access';
