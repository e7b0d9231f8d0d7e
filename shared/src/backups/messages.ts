/** pt-BR texts of the backups area. */
export const BACKUP_MSG = {
  notFound: 'Backup não encontrado.',
  notReady: 'Este backup ainda não foi concluído.',
  fileMissing: 'O arquivo deste backup não existe mais.',
  corrupted: 'Arquivo de backup corrompido ou ilegível; nada foi alterado.',
  checksum: 'A soma de verificação do backup não confere; nada foi alterado.',
  foreign: 'Este backup é de outra instalação do Tombo; nada foi alterado.',
  schema: (theirs: string, ours: string) =>
    `Este backup é de outra versão do banco (${theirs}; atual ${ours}); nada foi alterado.`,
  noMunicipality: 'O município deste backup não existe mais; restaure-o em um novo município.',
  slugTaken: 'Já existe um município com este endereço (slug).',
  running: 'Já há um backup em andamento para este município.',
  created: 'Backup iniciado.',
  done: 'Backup concluído.',
  settingsSaved: 'Configurações de backup salvas.',
  restoreQueued: 'Restauração iniciada.',
  restored: (name: string) => `Backup restaurado em ${name}.`,
  restoreFailed: 'Falha ao restaurar o backup; nada foi alterado.',
  uploaded: 'Backup enviado. Confira o município e restaure-o.',
  uploadTooLarge: 'O arquivo de backup passa de 4 GB.',
  uploadFailed: 'Falha ao enviar o backup.',
} as const;
