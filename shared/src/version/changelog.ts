import type { ChangelogEntry } from './types';

/**
 * The changelog shipped with the build (newest first): this project's own releases only, each with its
 * date. A new release adds its entry at the top together with the root package.json version.
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
];
