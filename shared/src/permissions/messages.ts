/** pt-BR answers of the permission matrix. */
export const PERMISSIONS_MSG = {
  saved: 'Permissões atualizadas com sucesso.',
  superuserLocked:
    'O perfil Superusuário deve manter as permissões "Acessar o painel do superusuário" e "Gerenciar permissões dos perfis"; sem elas ninguém mais administraria a instalação. Nada foi alterado.',
  superuserOnly:
    'As permissões "Acessar o painel do superusuário" e "Gerenciar permissões dos perfis" são exclusivas do perfil Superusuário. Nada foi alterado.',
  unknown: 'Permissão desconhecida. Nada foi alterado.',
  changedLive: 'Suas permissões foram alteradas: menus e ações já seguem o novo acesso.',
  noPermissionTitle: 'Sem permissão',
  noPermissionText:
    'Seu perfil não tem permissão para abrir esta página. Se precisar deste acesso, fale com o administrador do sistema.',
} as const;
