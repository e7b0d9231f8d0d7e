// Kept for callers not yet moved to tenancy/scope.ts and ./rooms.ts.
export { scopeOfPrincipal as scopeOf, inScope, type TenantScope as Scope } from '../../tenancy/scope';
export { assetRooms } from './rooms';
