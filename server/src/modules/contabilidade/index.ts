/** Accounting (issue 36): the patrimonial chart, the ledger of every patrimonial fact, its pull API. */
export { contabilidadeRoutes as routes } from './routes';
export { contabilidadeAccess as access } from './access';
import { contabilidadeRelatorioGenerateJob } from './jobs/contabilidade-relatorio-generate';
import { contabilidadeBloqueioJob } from './jobs/contabilidade-bloqueio';
/** The area's job definitions (collected by modules/job-definitions.ts): the accounting papers, the lock's log row. */
export const jobs = [contabilidadeRelatorioGenerateJob, contabilidadeBloqueioJob] as const;
export { validarMapeamento } from './commands/plano';
export { mapeamentoColumns, presentMapeamento } from './presenters';
export {
  autorDe,
  configDoLivro,
  estornar,
  garantirLivro,
  lancar,
  mesBloqueado,
  prazoDoMes,
  travarLivro,
  type Autor,
} from './livro';
export { estornarDepreciacao, exigirContasMapeadas, lancarDepreciacao, prepararFechamento } from './depreciacao';
export { bemContabil, contaDoPapel, estornarBaixa, lancarBaixa, lancarEvento } from './fatos';
export { lancarIncorporacao, lancarIncorporacaoImoveis, type OrigemIncorporacao } from './incorporacao';
export { acompanharImovel, cancelarImovel } from './imoveis';
export { acompanharEdicao, lancarCorrecaoValor, reclassificarBem, type AntesDepois } from './ajustes';
export { ACAO_BLOQUEIO, registrarBloqueios } from './bloqueio';
