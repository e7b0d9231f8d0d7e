import * as patrimonios from './patrimonios';
import * as sectors from './sectors';

/** Every area's object-access rules, by purpose (see tenancy/access.ts `requireAccess`). */
export const accessRules = {
  ...sectors.access,
  ...patrimonios.access,
};
