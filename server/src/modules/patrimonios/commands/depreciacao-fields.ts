import { PATRIMONIO_MSG } from '@tombo/shared';
import { badRequest } from '../../../http/errors';

/** 400 when the entry into service is before the acquisition (both 'YYYY-MM-DD'; either may be empty). */
export function checkEntrada(dataAquisicao: string | null, dataEntradaServico: string | null): void {
  if (dataAquisicao && dataEntradaServico && dataEntradaServico < dataAquisicao)
    throw badRequest(PATRIMONIO_MSG.entradaAntesAquisicao, {
      dataEntradaServico: PATRIMONIO_MSG.entradaAntesAquisicao,
    });
}
