/** pt-BR messages of the superuser area that the server answers and the screens show. */
export const SUPERUSER_MSG = {
  uf: 'Selecione uma UF válida.',
  codigoIbge: 'O código IBGE deve ter 7 dígitos.',
  ibgeUf: 'O código IBGE não corresponde à UF informada.',
  cnpj: 'CNPJ inválido.',
  slug: 'O identificador deve ter de 2 a 60 caracteres: letras minúsculas sem acento, números e hífens (ex.: sao-jose).',
  admin: 'Informe o nome e o e-mail do primeiro administrador.',
  ativo: 'Informe se o município está ativo.',
  slugTaken: 'Já existe um município com este identificador (slug).',
  ibgeTaken: 'Já existe um município com este código IBGE.',
  municipalityNotFound: 'Município não encontrado.',
  municipalityInactive: 'O município deste usuário está desativado. Procure o suporte do sistema.',
  moveRefused:
    'Não é possível mover um usuário para outro município. Crie o usuário novamente no outro município e exclua ou bloqueie este.',
  selfLock: 'Você não pode bloquear a sua própria conta.',
  selfTwoFactorReset: 'Para desativar a sua própria verificação em duas etapas, use o seu perfil (a senha é exigida).',
  created: 'Município criado. O convite foi enviado ao administrador.',
  updated: 'Município atualizado com sucesso.',
  deactivated: 'Município desativado.',
  reactivated: 'Município reativado.',
  userLocked: 'Usuário bloqueado com sucesso.',
  invited: 'Convite enviado por e-mail.',
} as const;
