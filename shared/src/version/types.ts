/** One version of the 'Histórico de Versões' (spec §3 Version: version, releaseDate, changelog). */
export interface ChangelogEntry {
  version: string;
  /** ISO date (yyyy-MM-dd) of the release; null only for a release feed entry without one. */
  releaseDate: string | null;
  changelog: string[];
  /** Always 'tombo': a release of this project (kept in the answer for the clients that read it). */
  source: 'tombo';
}

/** A start of a new version on this installation. */
export interface VersionUpgrade {
  id: number;
  fromVersion: string | null;
  toVersion: string;
  schemaVersion: string | null;
  at: string;
  /** The whole-installation backup taken before the migrations (file name), or null (a new installation). */
  backupFile: string | null;
  backupSize: number | null;
}

/** Spec §3 rollback history entry. */
export interface VersionRollback {
  id: number;
  timestamp: string;
  fromVersion: string;
  toVersion: string;
  status: 'success' | 'failure';
  error: string | null;
}

/** A newer release announced by the configured release feed, and how to install it. */
export interface KnownRelease {
  version: string;
  releaseDate: string | null;
  changelog: string[];
  /** Step-by-step instructions (pt-BR) to apply it: Tombo never updates itself. */
  instructions: string;
}

/** A rollback asked for and waiting for the older version to start (it restores the backup then). */
export interface PendingRollback {
  upgradeId: number;
  fromVersion: string;
  toVersion: string;
  requestedAt: string;
  instructions: string;
}

/** GET /api/version */
export interface VersionInfo {
  version: string;
  schemaVersion: string;
  changelog: ChangelogEntry[];
  upgrades: VersionUpgrade[];
  rollbacks: VersionRollback[];
  /** The newest release of the feed when newer than the running one; null otherwise (or no feed). */
  latest: KnownRelease | null;
  /** Whether a feed is configured and could be read. */
  feed: { configured: boolean; error: string | null };
  pendingRollback: PendingRollback | null;
}
