/** pt-BR texts of the activity log (errors, screen texts). */
export const AUDIT_MSG = {
  loadFailed: 'Falha ao carregar os registros de atividade.',
  recentFailed: 'Não foi possível carregar a atividade recente.',
  empty: 'Nenhuma atividade registrada.',
  emptyFiltered: 'Nenhuma atividade encontrada com esses filtros.',
  system: 'Sistema',
  browser: 'Navegador',
  browserHint: 'Registro enviado pelo navegador do usuário, não verificado pelo servidor.',
  invalidDate: 'Data inválida: use o formato AAAA-MM-DD.',
  periodOrder: 'A data final deve ser igual ou posterior à data inicial.',
  pageOrCursor: 'Informe a página (page) ou o cursor (before), não os dois.',
  pageTooDeep: (cap: number) =>
    `A paginação por número vai até ${cap.toLocaleString('pt-BR')} registros: para ir além, use o cursor (before).`,
  invalidCursor: 'Cursor inválido.',
  invalidAction: 'Ação inválida.',
  invalidEntity: 'Entidade inválida.',
  invalidUser: 'Usuário inválido.',
  invalidLimit: 'Quantidade inválida.',
  invalidIncludeAccess: 'Opção de acessos inválida: use true ou false.',
  showAccess: 'Mostrar acessos',
  showAccessHint: 'Entradas e saídas do sistema ficam ocultas por padrão.',
} as const;
