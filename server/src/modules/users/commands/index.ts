export { createUser } from './create';
export { updateUser } from './update';
export { deleteUser } from './delete';
export { resetUserTwoFactor } from './two-factor';
export { changeUser, hashed, insertUser, refuseSelfDelete, removeUser, type NewUser, type UserChanges } from './write';
export { inviteNewUser, resendInvitation, revokeUserInvitation } from './invitation';
