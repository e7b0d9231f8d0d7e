import type { Permission } from '../roles';

/** pt-BR labels of every permission string, grouped as the permissions screen shows them. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'superuser:access': 'Acessar o painel do superusuário',
  'permissions:manage': 'Gerenciar permissões dos perfis',
  'bens:create': 'Cadastrar bens',
  'bens:read': 'Consultar bens',
  'bens:update': 'Editar bens',
  'bens:delete': 'Excluir bens',
  'users:create': 'Criar usuários',
  'users:read': 'Consultar usuários',
  'users:update': 'Editar e desbloquear usuários',
  'users:delete': 'Excluir usuários',
  'settings:read': 'Consultar configurações',
  'settings:update': 'Alterar configurações e personalização',
  'reports:generate': 'Relatório de transferências',
  'reports:manage_templates': 'Gerenciar modelos (relatório, etiqueta, exportação, ficha)',
  'sectors:read': 'Consultar setores',
  'sectors:manage': 'Gerenciar setores',
  'locais:read': 'Consultar locais',
  'locais:manage': 'Gerenciar locais',
  'audit:read': 'Consultar logs de atividade',
  'catalogs:manage': 'Gerenciar tipos, formas de aquisição, numeração e campos',
  'transfers:request': 'Solicitar transferências e doações',
  'transfers:decide': 'Aprovar ou rejeitar transferências',
  'loans:manage': 'Registrar empréstimos e devoluções',
  'documents:read': 'Consultar documentos gerais',
  'documents:manage': 'Enviar e excluir documentos gerais',
  'inventarios:read': 'Consultar inventários',
  'inventarios:create': 'Criar inventários',
  'inventarios:manage': 'Editar, excluir e finalizar inventários',
  'inventarios:count': 'Registrar leituras de inventário',
  'exports:generate': 'Gerar relatórios, exportações, etiquetas e fichas',
  'imoveis:read': 'Visualizar imóveis e manutenções',
  'imoveis:write': 'Cadastrar e editar imóveis',
  'imoveis:delete': 'Excluir imóveis',
  'imoveis:manage_fields': 'Gerenciar campos personalizados de imóveis',
  'manutencoes:manage': 'Criar, editar e concluir tarefas de manutenção',
  'depreciacao:manage': 'Registrar reavaliações e reduções ao valor recuperável e fechar meses de depreciação',
  'depreciacao:reopen': 'Reabrir um mês de depreciação fechado',
  'contabilidade:read': 'Consultar o plano de contas e os lançamentos contábeis',
  'contabilidade:manage': 'Editar o plano de contas, as contas dos tipos e o prazo contábil',
  'comissoes:read': 'Consultar as comissões patrimoniais',
  'comissoes:manage': 'Nomear e alterar as comissões patrimoniais',
};

/** Groups of the matrix (rows), in screen order. */
export const PERMISSION_GROUPS: ReadonlyArray<{ label: string; permissions: Permission[] }> = [
  { label: 'Superusuário', permissions: ['superuser:access', 'permissions:manage'] },
  { label: 'Bens', permissions: ['bens:create', 'bens:read', 'bens:update', 'bens:delete'] },
  { label: 'Usuários', permissions: ['users:create', 'users:read', 'users:update', 'users:delete'] },
  { label: 'Configurações', permissions: ['settings:read', 'settings:update', 'catalogs:manage'] },
  { label: 'Setores e locais', permissions: ['sectors:read', 'sectors:manage', 'locais:read', 'locais:manage'] },
  {
    label: 'Relatórios e exportação',
    permissions: ['reports:generate', 'reports:manage_templates', 'exports:generate', 'audit:read'],
  },
  { label: 'Movimentações', permissions: ['transfers:request', 'transfers:decide', 'loans:manage'] },
  { label: 'Documentos', permissions: ['documents:read', 'documents:manage'] },
  {
    label: 'Inventários',
    permissions: ['inventarios:read', 'inventarios:create', 'inventarios:manage', 'inventarios:count'],
  },
  {
    label: 'Imóveis',
    permissions: ['imoveis:read', 'imoveis:write', 'imoveis:delete', 'imoveis:manage_fields', 'manutencoes:manage'],
  },
  { label: 'Depreciação', permissions: ['depreciacao:manage', 'depreciacao:reopen'] },
  { label: 'Contabilidade', permissions: ['contabilidade:read', 'contabilidade:manage'] },
  { label: 'Comissões', permissions: ['comissoes:read', 'comissoes:manage'] },
];

/** The permissions that open the back office: the superuser role always keeps them, no other role gets them. */
export const SUPERUSER_ONLY_PERMISSIONS: readonly Permission[] = ['superuser:access', 'permissions:manage'];
