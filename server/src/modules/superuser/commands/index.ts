export { setRolePermissions } from './permissions';
export { createMunicipality } from './municipalities';
export { createAnyUser, deleteAnyUser, updateAnyUser } from './users';
export { setPublicSearch } from './public-search';
