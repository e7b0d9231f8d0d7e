import type { LiveEvent } from '../common';
import type { LeituraResultado } from './schemas';
import type { InventarioItem, InventarioListItem, InventarioMembro } from './types';

export interface InventarioLeiturasEvent {
  inventarioId: number;
  /** Each fresh reading: its client id, the number as read, the outcome, the item it marked (if any). */
  resultados: {
    id: string;
    numero: string;
    resultado: LeituraResultado;
    item?: InventarioItem;
    lidoPorNome: string;
    lidoEm: string;
  }[];
  encontrados: number;
  totalItens: number;
}

/**
 * `inventario.leituras` and `inventario.presence` go to the inventory's room (`room.inventario`, joined
 * with the `inventario.join` client event). `inventario.updated` goes to the room and, with
 * `created`/`deleted`, to those who list the municipality's inventories (`room.inventarios` and the
 * sector rooms of `usuario`s).
 */
export interface InventarioEvents {
  /** One event per accepted batch. */
  'inventario.leituras': (e: LiveEvent<InventarioLeiturasEvent>) => void;
  /** Edited or finalized. */
  'inventario.updated': (e: LiveEvent<InventarioListItem>) => void;
  'inventario.created': (e: LiveEvent<{ id: number }>) => void;
  'inventario.deleted': (e: LiveEvent<{ id: number }>) => void;
  /** Who is in the room now (one entry per user, however many sockets). */
  'inventario.presence': (e: LiveEvent<{ inventarioId: number; contadores: InventarioMembro[] }>) => void;
}

/** Answer of the join/leave client events. */
export type InventarioJoinAck = { ok: true; contadores: InventarioMembro[] } | { ok: false; error: string };

/** Client → server events of the counting screen. */
export interface InventarioClientEvents {
  /** Join the inventory's room (the server checks access; `ok: false` with a pt-BR message otherwise). */
  'inventario.join': (id: number, ack: (r: InventarioJoinAck) => void) => void;
  'inventario.leave': (id: number, ack?: (r: { ok: boolean }) => void) => void;
}
