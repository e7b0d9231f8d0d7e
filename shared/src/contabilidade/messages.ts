/** pt-BR texts of the accounting area (issue 36). */
export const CONTABILIDADE_MSG = {
  codigoInvalido: 'Código de conta inválido: use números separados por pontos (ex.: 1.2.3.1.1.01).',
  papelInvalido: 'Papel da conta inválido.',
  codigoEmUso: 'Já existe uma conta com este código no plano.',
  contaNaoEncontrada: 'Conta contábil não encontrada.',
  contaDeOutroPapel: (campo: string, papel: string) => `A conta escolhida em "${campo}" deve ter o papel "${papel}".`,
  prazoDiaInvalido: 'O prazo deve ser um dia do mês entre 1 e 31.',
  incorporacaoInvalida: "Informe 'contabilidade' ou 'transitoria'.",
  transitoriaObrigatoria: 'Informe a conta transitória para as incorporações por compra.',
  dataInvalida: 'Data inválida: use AAAA-MM-DD.',
  cursorInvalido: 'Cursor inválido: use o cursor devolvido pela consulta anterior.',
  limiteInvalido: 'O limite deve ser um número inteiro de 1 a 1000.',
  mesBloqueado: (mmYYYY: string) =>
    `O mês ${mmYYYY} está encerrado na contabilidade. Registre um estorno no mês aberto.`,
  naoBalanceado: 'O lançamento não fecha: a soma dos débitos deve ser igual à soma dos créditos.',
  jaEstornado: 'Este lançamento já foi estornado.',
  lancamentoNaoEncontrado: 'Lançamento não encontrado.',
  tiposSemContas: (tipos: string[]) =>
    `Associe as contas contábeis antes de fechar o mês. Tipos de bem sem contas: ${tipos.join(', ')}.`,
  bemComLancamentos:
    'Este bem tem lançamentos contábeis e não pode ser excluído: registre a baixa do bem para retirá-lo do patrimônio.',
  semTipo: '(sem tipo)',
  conciliacaoInvalida: (erros: string[]) =>
    `O arquivo de saldos tem linhas inválidas (use conta;saldo, com o código do plano e o saldo em reais): ${erros.join(' ')}`,
  conciliacaoVazia: 'O arquivo de saldos não tem nenhuma linha conta;saldo.',
  conciliacaoGrande: 'O arquivo de saldos passa de 5.000 linhas.',
  contaDoPapelAusente: (papel: string) =>
    `O plano de contas não tem conta com o papel "${papel}": cadastre-a antes de registrar este fato.`,
  bemSemContas: (tipo: string) =>
    `Associe as contas contábeis do tipo de bem antes de registrar este fato. Tipo sem contas: ${tipo}.`,
  periodoInvertido: 'A data final deve ser igual ou posterior à inicial.',
  periodoObrigatorio: 'Informe a data (AAAA-MM-DD).',
  competenciaObrigatoria: 'Informe a competência (AAAA-MM).',
  contaObrigatoria: 'Escolha a conta do razão.',
  limiteRelatorioInvalido: 'O limite deve ser um número inteiro de 1 a 500.',
  relatorioInvalido: "Relatório inválido: use 'rmb', 'diario' ou 'razao'.",
  formatoRelatorioInvalido: "Formato inválido: use 'pdf' ou 'xlsx'.",
  campoDeOutroRelatorio: 'Este campo não se aplica a este relatório.',
  relatorioSolicitado: 'Relatório solicitado. Acompanhe o progresso abaixo ou em Downloads.',
  relatorioSemMunicipio: 'O relatório contábil precisa de um município.',
  pdfGrande: (linhas: string, max: string) =>
    `O relatório tem ${linhas} linhas, mais do que cabem em um PDF (máximo ${max}): escolha um período menor ou gere o XLSX.`,
} as const;
