import type { ChangelogEntry } from './types';

/**
 * The changelog shipped with the build (newest first): this project's own releases, then the versions
 * the original product's specification names (spec §1, §9; it lists their features, not their dates).
 * A new release adds its entry at the top together with the root package.json version.
 */
export const CHANGELOG: readonly ChangelogEntry[] = [
  {
    version: '2.0.0',
    releaseDate: '2026-11-23',
    source: 'tombo',
    changelog: [
      'Bens móveis e imóveis por município, com histórico, arquivos e numeração configurável.',
      'Transferências, doações e empréstimos com aprovação e termos de responsabilidade.',
      'Inventários com leitura por celular, etiquetas e fichas em PDF.',
      'Relatórios, exportação XLSX/CSV e tarefas em segundo plano com a página Downloads.',
      'Consulta pública, notificações e registro de atividades ao vivo.',
      'Backups por município (sob demanda e agendados) e restauração pelo superusuário.',
      'Gerenciador de versão com histórico real de atualizações e backup antes de cada atualização.',
    ],
  },
  {
    version: '2.1.0',
    releaseDate: null,
    source: 'spec',
    changelog: [
      'Transferências e doações a partir da edição do bem.',
      'Relatórios de transferências/doações e empréstimos.',
      'Backup e restauração, com a restauração feita por superusuários.',
      'Exportação em XLSX e PDF.',
      'Configuração da numeração de bens.',
      'Campo de quantidade nos bens e envio de documentos dos bens.',
      'Cálculo de depreciação.',
      'Filtros avançados na consulta pública.',
      'Superusuários veem os bens agrupados por usuário.',
      'Supervisores gerenciam documentos gerais.',
      'Usuários padrão veem apenas os bens dos seus setores.',
      'Link para a consulta pública na tela de login.',
    ],
  },
  ...['0.0.190', '0.0.188', '0.0.179', '0.0.177', '0.0.174', '0.0.173', '0.0.172'].map((version): ChangelogEntry => ({
    version,
    releaseDate: null,
    source: 'spec',
    changelog: ['Versão anterior do produto original (detalhes não informados na especificação).'],
  })),
];
