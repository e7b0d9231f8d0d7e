import type { User } from '../users';
import type { JobStatus } from '../jobs';

/** A municipality as the superuser sees it. */
export interface Municipality {
  id: number;
  name: string;
  slug: string;
  uf: string | null;
  codigoIbge: string | null;
  /** 14 digits, or null. */
  cnpj: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** 201 of POST /superuser/municipalities. */
export interface MunicipalityCreated {
  municipality: Municipality;
  admin: User;
}

/** A user of the installation-wide list, with their municipality's name. */
export interface SuperuserUser extends User {
  municipalityName: string | null;
}
export interface SuperuserUserPage {
  users: SuperuserUser[];
  total: number;
  page: number;
  pageSize: number;
}

/** Job counts of the durable `jobs` table by status. */
export type QueueCounts = Record<JobStatus, number>;

/**
 * One municipality's figures on the superuser dashboard. Other areas add their own fields to this
 * row (e.g. `lastBackup`), so clients must read it by field name.
 */
export interface DashboardMunicipalityRow {
  id: number;
  name: string;
  slug: string;
  uf: string | null;
  active: boolean;
  users: number;
  assets: number;
  /** Bytes of the municipality's stored files (asset photos and documents, general documents, job results kept). */
  storageBytes: number;
  /** When its last completed backup finished (null: never backed up). */
  lastBackupAt: string | null;
}
export interface SuperuserDashboard {
  municipalities: DashboardMunicipalityRow[];
  totals: { municipalities: number; activeMunicipalities: number; users: number; assets: number; storageBytes: number };
  /**
   * `workers`: BullMQ workers connected now (null inline: this process runs the jobs); `workerLastSeenAt`: when
   * one was last seen; `worker`: 'ok' or why the jobs wait (the readiness check's text).
   */
  queue: {
    mode: 'inline' | 'bullmq';
    workers: number | null;
    workerLastSeenAt: string | null;
    worker: string;
  } & QueueCounts;
  generatedAt: string;
}

/** One group of GET /superuser/assets-by-user. */
export interface AssetsByUserRow {
  userId: number | null;
  userName: string;
  municipalityId: number;
  municipalityName: string;
  assets: number;
  /** Sum of the acquisition values, as a decimal string. */
  totalValue: string;
}
export interface AssetsByUserPage {
  groups: AssetsByUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SystemInformation {
  version: string;
  node: string;
  uptimeSeconds: number;
  startedAt: string;
  database: { kind: 'pglite' | 'postgres'; serverVersion: string; sizeBytes: number | null };
  /**
   * `workers`: BullMQ workers connected now (null inline: this process runs the jobs); `workerLastSeenAt`: when
   * one was last seen; `worker`: 'ok' or why the jobs wait (the readiness check's text).
   */
  queue: {
    mode: 'inline' | 'bullmq';
    workers: number | null;
    workerLastSeenAt: string | null;
    worker: string;
  } & QueueCounts;
  storage: { dataDir: string; bytes: number; files: number };
  chromium: { path: string; version: string | null };
}

export interface PublicSearchOverview {
  installationEnabled: boolean;
  settings: { municipalityId: number; name: string; slug: string; active: boolean; isPublicSearchEnabled: boolean }[];
  total: number;
}
