import type { LiveEvent } from './common';
import type { Permission, Role } from './roles';
import type { AuditEvents } from './audit';
import type { Job, JobStatus } from './jobs';
import type { User } from './users';
import type { SectorEvents } from './sectors';
import type { LocalEvents } from './locais';
import type { ComissaoEvents } from './comissoes';
import type { PatrimonioEvents } from './patrimonios';
import type { CatalogEvents } from './catalogs';
import type { CustomizationEvents } from './customization';
import type { NotificationEvents } from './notifications';
import type { TransferEvents } from './transferencias';
import type { EmprestimoEvents } from './emprestimos';
import type { DocumentEvents } from './documents';
import type { InventarioClientEvents, InventarioEvents } from './inventarios';
import type { FichaEvents } from './fichas';
import type { RelatorioEvents } from './relatorios';
import type { ExportTemplateEvents } from './exportacoes';
import type { EtiquetaEvents } from './etiquetas';
import type { TermoEvents } from './termos';
import type { SuperuserEvents } from './superuser/events';
import type { SecurityEvents } from './security';
import type { PermissionEvents } from './permissions';
import type { BackupEvents } from './backups';
import type { ManutencaoEvents } from './imoveis/manutencoes';
import type { ImovelRelatorioEvents } from './imoveis/relatorios';
import type { ImovelEvents } from './imoveis';
import type { DepreciacaoEvents } from './depreciacao/events';

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
  /** The counting room of one inventory (joined on request, after the server checked access). */
  inventario: (id: number) => `inv:${id}`,
  /** Those who list every inventory of a municipality (roles that see all sectors). */
  inventarios: (municipalityId: number) => `m:${municipalityId}:inv`,
  /** Anonymous login pages (namespace PUBLIC_NAMESPACE): the installation's login customization only. */
  publicCustomization: 'pub:customization',
} as const;

/** The Socket.IO namespace of anonymous sockets: no token, only the public rooms (`pub:`), nothing else. */
export const PUBLIC_NAMESPACE = '/public';
/** A room of the anonymous namespace (what the publisher sends there, without the actor). */
export const isPublicRoom = (name: string) => name.startsWith('pub:');

// Slices of the areas whose contract is still one flat file (users, jobs, sessions).
/** Users of a municipality, sent to its `users` room. */
export interface UserEvents {
  'user.created': (e: LiveEvent<User>) => void;
  'user.updated': (e: LiveEvent<User>) => void;
  'user.deleted': (e: LiveEvent<{ id: number }>) => void;
  /** The user turned their own 2FA on or off (/perfil): the users lists' 2FA chip follows. */
  'user.twoFactor': (e: LiveEvent<{ id: number; twoFactorEnabled: boolean }>) => void;
  /** The user created or changed their own password (an invitation accepted, a forced change done): lists refetch. */
  'user.password': (e: LiveEvent<{ id: number }>) => void;
}
/** A job's progress and end, sent to its owner. */
export interface JobEvents {
  'job.progress': (e: LiveEvent<Job>) => void;
  'job.completed': (e: LiveEvent<Job>) => void;
  /** The owner deleted it (in another tab, say): it leaves every open Downloads list. */
  'job.deleted': (e: LiveEvent<{ id: string }>) => void;
  /** Any owner's job changed state (room `su`: the superuser dashboard's queue figures); no title, no file. */
  'job.changed': (e: LiveEvent<{ id: string; status: JobStatus | 'deleted' }>) => void;
}
/** The socket's session or user ended: the client signs out, the server cuts the socket. */
export interface SessionEvents {
  'session.revoked': (e: LiveEvent<{ reason: string }>) => void;
  /**
   * What the socket's user may do changed (a role's permissions edited by the superuser, their role or sectors
   * changed): sent to each of their sockets once the server re-derived their principal; the client's menus,
   * route guards and buttons follow it without a reload.
   */
  'session.permissions': (e: LiveEvent<SessionAccess>) => void;
}
/** The part of the session user that decides what the client shows. */
export interface SessionAccess {
  role: Role;
  permissions: Permission[];
  sectorIds: number[];
}

/** Typed map of server → client events: every area's slice. Every payload is a LiveEvent envelope. */
export interface ServerToClientEvents
  extends
    SectorEvents,
    LocalEvents,
    ComissaoEvents,
    UserEvents,
    AuditEvents,
    CustomizationEvents,
    SecurityEvents,
    JobEvents,
    SessionEvents,
    PatrimonioEvents,
    CatalogEvents,
    NotificationEvents,
    TransferEvents,
    EmprestimoEvents,
    DocumentEvents,
    InventarioEvents,
    FichaEvents,
    RelatorioEvents,
    ExportTemplateEvents,
    EtiquetaEvents,
    TermoEvents,
    SuperuserEvents,
    PermissionEvents,
    BackupEvents,
    ManutencaoEvents,
    ImovelRelatorioEvents,
    ImovelEvents,
    DepreciacaoEvents {}
export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventData<N extends ServerEventName> = Parameters<ServerToClientEvents[N]>[0]['data'];
/** Typed map of client → server events (rooms joined on request; the server checks access). */
export type ClientToServerEvents = InventarioClientEvents;

// The dashboard's slice, merged into the map (declaration merging keeps this an append).
import type { DashboardEvents } from './dashboard/events';
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServerToClientEvents extends DashboardEvents {}
