/** The users area: routes, access rules, and the user writes the superuser area composes. */
export { userRoutes as routes } from './routes';
export { userAccess as access } from './access';
export {
  changeUser,
  hashed,
  insertUser,
  inviteNewUser,
  refuseSelfDelete,
  removeUser,
  type NewUser,
  type UserChanges,
} from './commands';
export { presentUsers } from './queries';
export type { UserRow } from './presenters';
export { userRooms } from './presenters';
export { listUsers } from './queries';
export { revokeInvitation, sendInvitation, startInvitation, unusableHash } from './invitations';
