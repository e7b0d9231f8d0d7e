import type { FieldType } from './schemas';

/** pt-BR labels of the field types. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  TEXT: 'Texto',
  TEXTAREA: 'Texto longo',
  NUMBER: 'Número',
  DATE: 'Data',
  SELECT: 'Lista de opções',
  BOOLEAN: 'Sim/Não',
};

/** Spec §8 toasts and audit texts. */
export const FORM_FIELD_MSG = {
  added: 'Campo adicionado com sucesso.',
  updated: 'Campo atualizado com sucesso.',
  deleted: 'Campo excluído com sucesso.',
  systemDelete: 'Campos do sistema não podem ser excluídos.',
  systemType: 'O tipo de um campo do sistema não pode ser alterado.',
  keyTaken: 'Já existe um campo com esta chave.',
  installationKey: 'Já existe um campo da instalação (definido pelo superusuário) com esta chave.',
  installationField: 'Campo da instalação: definido pelo superusuário para todos os municípios.',
  notFound: 'Campo não encontrado.',
  reorderIds: 'A lista deve conter todos os campos, cada um uma vez.',
  audit: {
    created: (label: string) => `Campo "${label}" criado.`,
    updated: (label: string) => `Campo "${label}" atualizado.`,
    deleted: (label: string) => `Campo "${label}" excluído.`,
    reordered: 'Ordem dos campos foi alterada.',
  },
} as const;
