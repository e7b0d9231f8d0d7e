import type { LiveEvent } from './common';
import type { Sector } from './sectors';
import type { Local } from './locais';
import type { AuditLog } from './audit';
import type { Job } from './jobs';
import type { User } from './users';
import type { PatrimonioListItem } from './patrimonios';

/** Rooms the server joins a socket to, from its verified token (DESIGN §5). */
export const room = {
  municipality: (id: number) => `m:${id}`,
  user: (id: number) => `u:${id}`,
  /** Everyone of a municipality who sees all of its assets. */
  assets: (municipalityId: number) => `m:${municipalityId}:bens`,
  /** Those who see only the assets of some sectors (role usuario), per sector. */
  sectorAssets: (municipalityId: number, sectorId: number) => `m:${municipalityId}:s:${sectorId}`,
  /** Members of a municipality allowed to read its activity log. */
  audit: (id: number) => `m:${id}:audit`,
  /** Members of a municipality allowed to read its users (`users:read`). */
  users: (id: number) => `m:${id}:users`,
  /** The sockets of one session (refresh-token family). */
  session: (sid: string) => `sess:${sid}`,
  superusers: 'su',
} as const;

/** What a room that lost sight of an asset (moved out of a usuario's sector) is told instead of the asset. */
export interface PatrimonioRemoved {
  id: number;
  removed: true;
}
/** True when a `patrimonio.updated` payload says the asset is no longer visible to this room. */
export const isPatrimonioRemoved = (data: PatrimonioListItem | PatrimonioRemoved): data is PatrimonioRemoved =>
  'removed' in data && data.removed === true;

/** Typed map of server → client events. Every payload is a LiveEvent envelope. */
export interface ServerToClientEvents {
  'sector.created': (e: LiveEvent<Sector>) => void;
  'sector.updated': (e: LiveEvent<Sector>) => void;
  'sector.deleted': (e: LiveEvent<{ id: number }>) => void;
  'local.created': (e: LiveEvent<Local>) => void;
  'local.updated': (e: LiveEvent<Local>) => void;
  'local.deleted': (e: LiveEvent<{ id: number }>) => void;
  'user.created': (e: LiveEvent<User>) => void;
  'user.updated': (e: LiveEvent<User>) => void;
  'user.deleted': (e: LiveEvent<{ id: number }>) => void;
  'audit.created': (e: LiveEvent<AuditLog>) => void;
  'customization.updated': (e: LiveEvent<{ scope: 'global' | 'municipality' }>) => void;
  'job.progress': (e: LiveEvent<Job>) => void;
  'job.completed': (e: LiveEvent<Job>) => void;
  'session.revoked': (e: LiveEvent<{ reason: string }>) => void;
  /** The new asset as a list row (no history, no files). */
  'patrimonio.created': (e: LiveEvent<PatrimonioListItem>) => void;
  /** The asset as a list row; a room that no longer sees it (moved out of its sector) gets `{ id, removed: true }`. */
  'patrimonio.updated': (e: LiveEvent<PatrimonioListItem | PatrimonioRemoved>) => void;
  'patrimonio.deleted': (e: LiveEvent<{ id: number; sectorId: number }>) => void;
  /** Many assets at once (bulk creation, import): refetch the list. */
  'patrimonio.bulk_created': (
    e: LiveEvent<{ count: number; source: 'lote' | 'import'; first: string; last: string; sectorIds: number[] }>,
  ) => void;
  /** A catalogue changed (asset types, acquisition forms, numbering, asset form fields): refetch it. */
  'catalog.changed': (
    e: LiveEvent<{ catalog: 'tipos-bens' | 'formas-aquisicao' | 'numeracao' | 'asset-form-fields' }>,
  ) => void;
}
export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventData<N extends ServerEventName> = Parameters<ServerToClientEvents[N]>[0]['data'];
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}
