import type { RouteDef } from '../http/route';
import * as audit from './audit';
import * as auth from './auth';
import * as busca from './busca';
import * as customization from './customization';
import * as dashboard from './dashboard';
import * as documents from './documents';
import * as exportacoes from './exportacoes';
import * as formFields from './form-fields';
import * as formasAquisicao from './formas-aquisicao';
import * as fichas from './fichas';
import * as health from './health';
import * as importacao from './importacao';
import * as etiquetas from './etiquetas';
import * as inventarios from './inventarios';
import * as jobs from './jobs';
import * as emprestimos from './emprestimos';
import * as locais from './locais';
import * as comissoes from './comissoes';
import * as notifications from './notifications';
import * as numbering from './numbering';
import * as patrimonios from './patrimonios';
import * as publicConsultation from './public';
import * as relatorios from './relatorios';
import * as sectors from './sectors';
import * as security from './security';
import * as superuser from './superuser';
import * as termos from './termos';
import * as tiposBens from './tipos-bens';
import * as transferencias from './transferencias';
import * as users from './users';
import * as backups from './backups';
import * as version from './version';
import * as depreciacao from './depreciacao';
import * as contabilidade from './contabilidade';
import * as manutencoes from './manutencoes';
import * as imoveisRelatorios from './imoveis-relatorios';
import * as imoveis from './imoveis';
import * as depreciacaoRelatorios from './depreciacao-relatorios';
import * as analises from './analises';
import * as metrics from './metrics';
import * as openapi from './openapi';

/** Every declared route of the API: the registry that `mountRoutes` guards and the route matrix test walks. */
export const declaredRoutes: readonly RouteDef[] = [
  ...health.routes,
  ...auth.routes,
  ...publicConsultation.routes,
  ...customization.routes,
  ...security.routes,
  ...users.routes,
  ...sectors.routes,
  ...locais.routes,
  ...comissoes.routes,
  ...jobs.routes,
  ...dashboard.routes,
  ...tiposBens.routes,
  ...formasAquisicao.routes,
  ...formFields.routes,
  ...patrimonios.routes,
  ...numbering.routes,
  ...audit.routes,
  ...notifications.routes,
  ...transferencias.routes,
  ...emprestimos.routes,
  ...documents.routes,
  ...inventarios.routes,
  ...fichas.routes,
  ...termos.routes,
  ...etiquetas.routes,
  ...relatorios.routes,
  ...exportacoes.routes,
  ...superuser.routes,
  ...busca.routes,
  ...importacao.routes,
  ...backups.routes,
  ...version.routes,
  ...depreciacao.routes,
  ...contabilidade.routes,
  ...manutencoes.routes,
  ...imoveisRelatorios.routes,
  ...imoveis.routes,
  ...depreciacaoRelatorios.routes,
  ...analises.routes,
  ...metrics.routes,
  // The API's documentation reads this very list (lazily: it is built once per process, on first request).
  ...openapi.openApiRoutes(() => declaredRoutes),
];
