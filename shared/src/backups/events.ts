import type { LiveEvent } from '../common';

/** A backup was queued, progressed, finished, was removed or restored (municipality room and superusers). */
export interface BackupEvents {
  'backup.changed': (e: LiveEvent<{ id: number; municipalityId: number | null; removed?: boolean }>) => void;
}
