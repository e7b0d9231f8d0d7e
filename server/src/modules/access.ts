import * as locais from './locais';
import * as sectors from './sectors';

/** Every area's object-access rules, by purpose (see tenancy/access.ts `requireAccess`). */
export const accessRules = {
  ...sectors.access,
  ...locais.access,
};
