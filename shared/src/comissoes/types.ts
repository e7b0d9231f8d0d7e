import type { ComissaoTipo } from './schemas';

export interface ComissaoMembro {
  /** null once the user was deleted: the name stays, as the act named them. */
  id: number | null;
  nome: string;
  presidente: boolean;
}

/** A standing commission as the API returns it. */
export interface Comissao {
  id: number;
  tipo: ComissaoTipo;
  ato: string;
  dataAto: string;
  validaAte: string;
  presidenteId: number | null;
  membros: ComissaoMembro[];
  /** May act today: in its term and with at least three members who are still users. */
  vigente: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface ComissaoList {
  comissoes: Comissao[];
}

/** A user who may be named to a commission (the pickers: name only). */
export interface ComissaoMembroPossivel {
  id: number;
  name: string;
}
