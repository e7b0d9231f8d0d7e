import type { LiveEvent } from './common';
import type { Sector } from './sectors';
import type { Local } from './locais';
import type { AuditLog } from './audit';
import type { Job } from './jobs';
import type { User } from './users';

/** Rooms the server joins a socket to, from its verified token (DESIGN §5). */
export const room = {
  municipality: (id: number) => `m:${id}`,
  user: (id: number) => `u:${id}`,
  /** Members of a municipality allowed to read its activity log. */
  audit: (id: number) => `m:${id}:audit`,
  superusers: 'su',
} as const;

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
}
export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventData<N extends ServerEventName> = Parameters<ServerToClientEvents[N]>[0]['data'];
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}
