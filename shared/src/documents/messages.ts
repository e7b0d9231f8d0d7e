/** pt-BR texts of general documents (spec §8 Documents and the server's errors). */
export const DOCUMENT_MSG = {
  loadFailed: 'Falha ao carregar documentos.',
  uploaded: 'Documento enviado com sucesso.',
  deleted: 'Documento excluído com sucesso.',
  notificationTitle: 'Novo Documento Disponível',
  notificationDescription: (uploader: string, fileName: string) => `${uploader} adicionou o documento "${fileName}".`,
  notFound: 'Documento não encontrado.',
  fileGone: 'O arquivo deste documento não está mais disponível.',
  tooLarge: 'O documento é muito grande (máximo 20 MB).',
  notAllowed:
    'Tipo de arquivo não permitido. Envie PDF, imagem (JPG, PNG, WebP, GIF), documento de escritório ' +
    '(DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP) ou texto (CSV, TXT).',
  typeMismatch: 'O conteúdo do arquivo não corresponde à sua extensão.',
} as const;
