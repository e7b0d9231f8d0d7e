/** pt-BR texts of the custody terms (termos de responsabilidade). */
export const TERMO_MSG = {
  notFound: 'Termo de responsabilidade não encontrado.',
  setorNotFound: 'Setor não encontrado.',
  localNotFound: 'Local não encontrado neste setor.',
  notReady: 'O termo ainda está sendo gerado. Tente novamente em instantes.',
  failed: 'Não foi possível gerar este termo.',
  fileMissing: 'O arquivo do termo não está mais disponível.',
  title: 'Termo de Responsabilidade',
  motivoManual: 'Emissão manual',
  motivoTransfer: (numero: string) => `Transferência aprovada do bem ${numero}`,
  motivoDonation: (numero: string) => `Doação aprovada do bem ${numero}`,
  motivoLoanReturn: (numero: string) => `Devolução de empréstimo do bem ${numero}`,
  /** The reason of an automatic version that stands for several changes (at most 20 named). */
  motivos: (list: readonly string[]) =>
    list.length <= 20 ? list.join('; ') : `${list.slice(0, 20).join('; ')}; e mais ${list.length - 20}`,
  jobTitle: (numero: string, versao: number, holder: string) =>
    `Termo de Responsabilidade ${numero} v${versao} — ${holder} (PDF)`,
  /** Lei nº 4.320/64, art. 94: the declaration the holder signs. */
  declaracao: (holder: string) =>
    `Declaro, para os devidos fins, que recebi e assumo a responsabilidade pela guarda, conservação e ` +
    `uso adequado dos bens patrimoniais relacionados neste termo, sob a responsabilidade de ${holder}, ` +
    `comprometendo-me a comunicar imediatamente ao Departamento de Patrimônio qualquer avaria, extravio, ` +
    `furto ou necessidade de movimentação, e a não transferi-los sem a devida autorização, nos termos do ` +
    `art. 94 da Lei nº 4.320, de 17 de março de 1964, que determina o registro analítico dos bens de ` +
    `caráter permanente com a indicação dos elementos necessários à sua perfeita caracterização e dos ` +
    `agentes responsáveis pela sua guarda e administração.`,
  signatureHolder: 'Responsável (detentor)',
  signaturePatrimonio: 'Departamento de Patrimônio',
  empty: 'Nenhum bem sob a responsabilidade deste detentor.',
} as const;
