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
  // A hostile or damaged archive (issue 33): refused whole, before anything is written.
  memberUnsafe: (name: string) => `O backup contém um caminho não permitido (${name}); nada foi alterado.`,
  memberType: (name: string) =>
    `O backup contém um link, pasta ou arquivo especial (${name}); só arquivos comuns são aceitos. Nada foi alterado.`,
  memberExtra: (name: string) =>
    `O backup contém um arquivo que não está no manifesto, ou repetido (${name}); nada foi alterado.`,
  memberAltered: (name: string) =>
    `O arquivo ${name} do backup não confere com o manifesto (tamanho ou SHA-256); nada foi alterado.`,
  memberMissing: (name: string) => `Falta no backup o arquivo ${name}, listado no manifesto; nada foi alterado.`,
  manifestFirst: 'O manifesto (manifest.json) precisa ser o primeiro arquivo do backup; nada foi alterado.',
  manifestInvalid: 'O manifesto do backup é inválido; nada foi alterado.',
  manifestTooLarge: 'O manifesto do backup passa de 64 MB; nada foi alterado.',
  tooLargeUnpacked: 'O conteúdo do backup passa de 64 GB descompactado; nada foi alterado.',
  fileOutside: (name: string) =>
    `O backup traz um arquivo fora das pastas do seu município (${name}); nada foi alterado.`,
  foreignReference: (name: string) =>
    `Um registro do backup aponta para um arquivo que não é do seu município (${name}); nada foi alterado.`,
  invitedAfterRestore: (n: number) =>
    `${n} usuário(s) restaurado(s) sem senha: cada um recebeu um convite por e-mail para criar a sua.`,
} as const;
