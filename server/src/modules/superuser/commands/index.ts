export { setRolePermissions } from './permissions';
export { createMunicipality, updateMunicipality } from './municipalities';
export { createAnyUser, deleteAnyUser, inviteAnyUser, resetAnyUserTwoFactor, updateAnyUser } from './users';
export { setInstallationPublicSearch, setPublicSearch } from './public-search';
