/** Backups of a municipality's data and files (/configuracoes/backup) and their restore by a superuser. */
import { backupCreateJob } from './jobs/backup-create';
import { backupRestoreJob } from './jobs/backup-restore';
import { backupsScheduledJob } from './jobs/backups-scheduled';
export { backupRoutes as routes } from './routes';
export { lastBackupPerMunicipality } from './queries';
export { dumpInstallation, installationBackupDir, restoreInstallation, type InstallationDump } from './installation';
export { hashFile } from './archive';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [backupCreateJob, backupRestoreJob, backupsScheduledJob] as const;
export { backupAccess as access } from './access';
