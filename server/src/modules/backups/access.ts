import { backups } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may reach which backup: any of their municipality's (the route's permission says what they may do). */
export const backupAccess = {
  'backup.manage': ownedBy(backups),
};
