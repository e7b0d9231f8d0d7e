/** The version manager: the running version, the shipped changelog, the installation's upgrade and rollback history. */
export { versionRoutes as routes } from './routes';
export { prepareVersion, recordVersion } from './boot';
export { appVersion, installationId, schemaVersion } from '../../installation';
