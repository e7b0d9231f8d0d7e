import type { Comissao, ComissaoCreate, ComissaoMembroPossivel } from '@tombo/shared';
import { http, itemFrom, listFrom } from '../../lib/http';

export const fetchComissoes = async (): Promise<Comissao[]> =>
  listFrom<Comissao>(await http.get('/comissoes'), 'comissoes');

export const fetchMembrosPossiveis = async (signal?: AbortSignal): Promise<ComissaoMembroPossivel[]> =>
  listFrom<ComissaoMembroPossivel>(await http.get('/comissoes/membros', { signal }), 'membros');

export const createComissao = async (body: ComissaoCreate): Promise<Comissao> =>
  itemFrom<Comissao>(await http.post('/comissoes', body), 'comissao');

export const updateComissao = async (id: number, body: ComissaoCreate & { version: number }): Promise<Comissao> =>
  itemFrom<Comissao>(await http.put(`/comissoes/${id}`, body), 'comissao');
