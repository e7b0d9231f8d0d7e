/** The public consultation area: its routes (no sign-in; the URL names the municipality). */
export { publicRoutes as routes } from './routes';
