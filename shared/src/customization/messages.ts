/** Texts the headers and footers show where the customization leaves a field empty. */
export const HEADER_DEFAULTS = {
  prefeituraName: 'PREFEITURA MUNICIPAL',
  secretariaResponsavel: 'SECRETARIA DE ADMINISTRAÇÃO',
  departamentoResponsavel: 'DEPARTAMENTO DE PATRIMÔNIO',
  subtitle: 'Sistema de Patrimônio',
  browserTitleSuffix: 'Sistema de Gestão de Patrimônio',
  superUserFooterText: 'Superusuário - Painel de Controle Global',
} as const;
