/** The notifications area: its routes, and the commands other areas call to notify users. */
export { notificationRoutes as routes } from './routes';
export { notify, usersWithRoles, everyoneBut, type NotificationInput } from './commands';
