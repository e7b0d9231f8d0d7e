export { setRolePermissions } from './permissions';
export { createMunicipality, updateMunicipality } from './municipalities';
export {
  createAnyUser,
  deleteAnyUser,
  inviteAnyUser,
  resetAnyUserTwoFactor,
  revokeAnyInvitation,
  updateAnyUser,
} from './users';
export { setInstallationPublicSearch, setPublicSearch } from './public-search';
