import type { LiveEvent } from '../common';
import type { AuditLog } from './types';

/**
 * New activity-log lines: to the municipality's `audit` room and, for an entry about an asset, to the
 * rooms that see that asset (everyone who sees all assets, the asset sector's `usuario`s).
 */
export interface AuditEvents {
  'audit.created': (e: LiveEvent<AuditLog>) => void;
}
