/** pt-BR messages of the dashboard area. */
export const DASHBOARD_MSG = {
  painelInvalido: 'Painel inválido.',
  painelNegado: 'Você não tem acesso a este painel.',
  widgetDesconhecido: 'Widget desconhecido.',
  widgetNegado: 'Este widget não está disponível para o seu perfil.',
  widgetRepetido: 'Um widget não pode aparecer duas vezes no painel.',
  tamanhoInvalido: 'Tamanho de widget inválido.',
  layoutInvalido: 'Layout do painel inválido.',
  versaoAntiga: 'O layout do painel foi alterado em outra sessão. Recarregue e tente novamente.',
} as const;
