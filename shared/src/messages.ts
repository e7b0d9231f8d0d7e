import { SECTOR_MSG } from './sectors/messages';
import { LOCAL_MSG } from './locais/messages';
import { COMISSAO_MSG } from './comissoes/messages';

/**
 * pt-BR texts of spec §5 and §8, plus the server's own error texts. An area's own texts live in its
 * `messages.ts` (`sectors`, `locais`); those of areas still in one flat file stay here.
 */
export const MSG = {
  loginFailed: 'Credenciais inválidas.',
  genericError: 'Erro',
  success: 'Sucesso!',
  passwordChanged: 'Sua senha foi alterada com sucesso.',
  passwordChangeFailed: 'Falha ao alterar a senha.',
  password: {
    min: 'A senha deve ter no mínimo 8 caracteres.',
    lower: 'A senha deve conter pelo menos uma letra minúscula.',
    upper: 'A senha deve conter pelo menos uma letra maiúscula.',
    digit: 'A senha deve conter pelo menos um número.',
    special: 'A senha deve conter pelo menos um caractere especial.',
    mismatch: 'As senhas não coincidem.',
  },
  sectors: SECTOR_MSG,
  locais: LOCAL_MSG,
  comissoes: COMISSAO_MSG,
  users: {
    created: 'Usuário criado com sucesso.',
    updated: 'Usuário atualizado com sucesso.',
    deleted: 'Usuário excluído com sucesso.',
    unlocked: 'Usuário desbloqueado com sucesso.',
    emailTaken: 'Já existe um usuário com este e-mail.',
    cannotDeleteSelf: 'Você não pode excluir o seu próprio usuário.',
    notFound: 'Usuário não encontrado',
  },
  auth: {
    forgotSent: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
    resetDone: 'Senha redefinida com sucesso. Entre com a nova senha.',
    resetInvalid: 'Link de redefinição inválido ou expirado.',
    currentPasswordWrong: 'A senha atual está incorreta.',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
    tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    invitationInvalid: 'Convite inválido, expirado, revogado ou já usado. Peça um novo convite ao administrador.',
    invitationAccepted: 'Senha criada com sucesso. Entre com o seu e-mail e a nova senha.',
    samePassword: 'A nova senha deve ser diferente da senha atual.',
    passwordChangeRequired: 'Troque a sua senha antes de continuar: ela foi definida por outra pessoa.',
  },
  http: {
    unauthorized: 'Sessão inválida ou expirada.',
    forbidden: 'Você não tem permissão para esta ação.',
    notFound: 'Registro não encontrado.',
    validation: 'Dados inválidos.',
    unknownField: 'Campo não permitido.',
    conflict: 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.',
    tooLarge: 'Arquivo muito grande.',
    rateLimited: 'Muitas requisições. Aguarde e tente novamente.',
    internal: 'Erro interno do servidor. Tente novamente.',
    timeout: 'O servidor demorou a responder. Tente novamente.',
    network: 'Não foi possível conectar ao servidor.',
  },
  jobs: {
    queued: 'Exportação iniciada. Você será avisado quando o arquivo estiver pronto.',
    done: 'Arquivo pronto para download.',
    failed: 'Falha ao gerar o arquivo.',
    importFailed: 'Falha na importação; nenhum bem foi gravado.',
    notFound: 'Tarefa não encontrada.',
    notReady: 'O arquivo ainda não está pronto. Aguarde a conclusão da tarefa.',
    jobFailed: 'A tarefa falhou e não gerou arquivo.',
    fileMissing: 'O arquivo desta tarefa não está mais disponível. Gere-o novamente.',
    enqueueFailed: 'Não foi possível agendar a tarefa. Tente novamente.',
    /** Notification of a job nobody watched (scheduled report, automatic term). */
    readyTitle: 'Arquivo pronto',
    readyText: (title: string) => `"${title}" está disponível em Downloads.`,
    failedTitle: 'Falha ao gerar arquivo',
    failedText: (title: string, reason: string) => `"${title}": ${reason}`,
    /** DELETE /api/jobs/:id of a job in progress: refused (it would leave a file behind). */
    /** DELETE /api/jobs/:id of a job in progress: refused (cancel it first: POST /api/jobs/:id/cancel). */
    deleteRunning: 'A tarefa está em andamento; cancele-a ou aguarde o término para excluí-la.',
    /** POST /api/jobs/:id/cancel of a running job: it stops at its next step, then its row goes. */
    cancelRequested: 'Cancelamento solicitado: a tarefa será interrompida em instantes.',
    /** POST /api/jobs/:id/cancel of a job already over. */
    cancelNotRunning: 'A tarefa já terminou; não há o que cancelar.',
    /** Toast after cancelling a queued job (it is removed at once). */
    cancelled: 'Tarefa cancelada.',
    deleted: 'Arquivo excluído.',
    /** POST /api/jobs/:id/retry of a job that did not fail. */
    retryNotFailed: 'Só é possível tentar novamente uma tarefa que falhou.',
    retried: 'Tarefa reenviada para processamento.',
    abandoned: 'O processamento foi interrompido várias vezes; tente novamente.',
    deleteConfirm: 'Excluir este arquivo? Esta ação não pode ser desfeita.',
  },
  storage: {
    validationFailed: 'Value validation failed for key: ',
    writeFailed: 'Storage failed for key: ',
    keyInvalid: 'Storage key must be a non-empty string',
    undefinedValue: 'Cannot store undefined values',
  },
  dates: { invalid: 'Data inválida' },
} as const;
