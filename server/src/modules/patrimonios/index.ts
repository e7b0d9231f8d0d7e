/** The asset register: routes, access rules, and the commands other areas compose (transfers, write-offs). */
export { patrimonioRoutes as routes } from './routes';
export { patrimonioAccess as access } from './access';
export {
  moveAsset,
  writeOffAsset,
  setTransferPending,
  setConservation,
  markLost,
  LOST_EVENTS_MAX,
  type MarkLost,
  type MoveAsset,
  type WriteOff,
  type TransferFlag,
} from './commands';
export { findOwn, getPatrimonio, loadPatrimonio } from './queries';
export { filterWhere, quickSearch, fold, countPatrimonios, amongIds } from './filters';
export { toListItem } from './presenters';
export { assetRooms, assetChanged } from './rooms';
export { addHistory, type HistoryLine } from './history';
export { registerAssetHold, type AssetHold } from './holds';
export { patrimonioSheetRows, type PatrimonioSheetSource } from './sheet';
export { estadoOf, issueNumbers, loadCatalogs, statusOf, type Catalogs } from './import';
export { registerFiles, receiveFile, type Processed } from './files';
export { seedCatalogs, seedDemoAssets } from './seed';
import { exportPatrimoniosJob } from './jobs/export-patrimonios';
import { importPatrimoniosJob } from './jobs/import-patrimonios';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [exportPatrimoniosJob, importPatrimoniosJob] as const;
