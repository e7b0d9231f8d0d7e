/** Texts the headers and footers show where the customization leaves a field empty. */
export const HEADER_DEFAULTS = {
  prefeituraName: 'PREFEITURA MUNICIPAL',
  secretariaResponsavel: 'SECRETARIA DE ADMINISTRAÇÃO',
  departamentoResponsavel: 'DEPARTAMENTO DE PATRIMÔNIO',
  subtitle: 'Sistema de Patrimônio',
  browserTitleSuffix: 'Sistema de Gestão de Patrimônio',
  superUserFooterText: 'Superusuário - Painel de Controle Global',
} as const;

/** The settings that hold an uploaded file, and what each accepts. */
export const CUSTOMIZATION_FILE_FIELDS = {
  activeLogoUrl: { label: 'Logotipo principal', exts: ['png', 'jpg', 'webp', 'gif'], maxBytes: 5 * 1024 * 1024 },
  secondaryLogoUrl: { label: 'Logotipo secundário', exts: ['png', 'jpg', 'webp', 'gif'], maxBytes: 5 * 1024 * 1024 },
  backgroundImageUrl: { label: 'Imagem de fundo', exts: ['png', 'jpg', 'webp', 'gif'], maxBytes: 10 * 1024 * 1024 },
  backgroundVideoUrl: { label: 'Vídeo de fundo', exts: ['mp4', 'webm'], maxBytes: 50 * 1024 * 1024 },
  faviconUrl: { label: 'Favicon', exts: ['png', 'ico', 'jpg', 'webp', 'gif'], maxBytes: 1024 * 1024 },
} as const;
export type CustomizationFileField = keyof typeof CUSTOMIZATION_FILE_FIELDS;

/** pt-BR answers of the customization screens and uploads. */
export const CUSTOMIZATION_MSG = {
  saved: 'Personalização salva com sucesso.',
  reset: 'Personalização restaurada para o padrão.',
  uploaded: 'Arquivo enviado com sucesso.',
  notImage: 'O arquivo enviado não é uma imagem. Envie PNG, JPG, WEBP ou GIF.',
  notFavicon: 'O favicon deve ser uma imagem ICO, PNG, JPG, WEBP ou GIF.',
  notVideo: 'O vídeo de fundo deve ser um arquivo MP4 ou WEBM.',
  mismatch: 'A extensão do nome do arquivo não corresponde ao seu conteúdo.',
  tooLarge: (mb: number) => `O arquivo excede o limite de ${mb} MB.`,
  fileNotFound: 'Arquivo não encontrado.',
  footerSaved: 'Rodapé atualizado com sucesso.',
} as const;
