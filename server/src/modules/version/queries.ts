import fs from 'node:fs';
import { desc } from 'drizzle-orm';
import {
  CHANGELOG,
  VERSION_MSG,
  type PendingRollback,
  type VersionInfo,
  type VersionRollback,
  type VersionUpgrade,
} from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { versionRollbackPending, versionRollbacks, versionUpgrades } from './schema';
import { appVersion, schemaVersion } from '../../installation';
import { knownRelease } from './feed';

/** The installation's upgrade history, newest first. */
export async function listUpgrades(tx: Db): Promise<VersionUpgrade[]> {
  const rows = await tx.select().from(versionUpgrades).orderBy(desc(versionUpgrades.id));
  return rows.map((r) => ({
    id: r.id,
    fromVersion: r.fromVersion,
    toVersion: r.toVersion,
    schemaVersion: r.schemaVersion,
    at: r.at.toISOString(),
    backupFile: r.backupFile,
    backupSize: r.backupSize,
  }));
}

/** Spec §3 rollback history, newest first. */
export async function listRollbacks(tx: Db): Promise<VersionRollback[]> {
  const rows = await tx.select().from(versionRollbacks).orderBy(desc(versionRollbacks.id));
  return rows.map((r) => ({
    id: r.id,
    timestamp: r.at.toISOString(),
    fromVersion: r.fromVersion,
    toVersion: r.toVersion,
    status: r.status === 'success' ? 'success' : 'failure',
    error: r.error,
  }));
}

/** GET /api/version: what runs, what shipped, what happened on this installation, what is announced. */
export async function versionInfo(tx: Db, config: Config): Promise<VersionInfo> {
  const version = appVersion(config);
  const [upgrades, rollbacks, feed] = [
    await listUpgrades(tx),
    await listRollbacks(tx),
    await knownRelease(config, version),
  ];
  const [pending] = await tx.select().from(versionRollbackPending);
  return {
    version,
    schemaVersion: schemaVersion(),
    changelog: [...CHANGELOG],
    upgrades,
    rollbacks,
    latest: feed.latest,
    feed: { configured: feed.configured, error: feed.error },
    pendingRollback: pending ? presentPendingRollback(pending) : null,
  };
}

/** A scheduled 'Reverter' as the API shows it, with how to carry it out. */
export const presentPendingRollback = (r: typeof versionRollbackPending.$inferSelect): PendingRollback => ({
  upgradeId: r.upgradeId,
  fromVersion: r.fromVersion,
  toVersion: r.toVersion,
  requestedAt: r.requestedAt.toISOString(),
  instructions: VERSION_MSG.rollbackInstructions(r.toVersion, r.backupFile),
});

/** Whether a stored pre-upgrade backup file is still on disk. */
export const backupFileExists = (file: string) => fs.existsSync(file);
