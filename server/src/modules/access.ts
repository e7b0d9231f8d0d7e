import * as documents from './documents';
import * as fichas from './fichas';
import * as exportacoes from './exportacoes';
import * as formFields from './form-fields';
import * as formasAquisicao from './formas-aquisicao';
import * as importacao from './importacao';
import * as etiquetas from './etiquetas';
import * as inventarios from './inventarios';
import * as emprestimos from './emprestimos';
import * as locais from './locais';
import * as comissoes from './comissoes';
import * as patrimonios from './patrimonios';
import * as relatorios from './relatorios';
import * as sectors from './sectors';
import * as termos from './termos';
import * as tiposBens from './tipos-bens';
import * as transferencias from './transferencias';
import * as users from './users';
import * as backups from './backups';
import * as manutencoes from './manutencoes';
import * as imoveisRelatorios from './imoveis-relatorios';
import * as imoveis from './imoveis';
import * as contabilidade from './contabilidade';

/** Every area's object-access rules, by purpose (see tenancy/access.ts `requireAccess`). */
export const accessRules = {
  ...sectors.access,
  ...locais.access,
  ...comissoes.access,
  ...tiposBens.access,
  ...formasAquisicao.access,
  ...formFields.access,
  ...patrimonios.access,
  ...users.access,
  ...transferencias.access,
  ...emprestimos.access,
  ...documents.access,
  ...inventarios.access,
  ...fichas.access,
  ...termos.access,
  ...etiquetas.access,
  ...relatorios.access,
  ...exportacoes.access,
  ...importacao.access,
  ...backups.access,
  ...manutencoes.access,
  ...imoveisRelatorios.access,
  ...imoveis.access,
  ...contabilidade.access,
};
