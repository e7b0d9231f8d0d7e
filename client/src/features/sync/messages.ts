import { formatCount, pluralWord } from '@tombo/shared';

/** Spec §8 Sync rows (title / description), exactly. */
export const SYNC_MSG = {
  startTitle: 'Sincronizando dados...',
  start: 'Buscando atualizações no servidor.',
  successTitle: 'Sincronização concluída!',
  success: (n: number) => `${formatCount(n, 'bem', 'bens')} ${pluralWord(n, 'atualizado', 'atualizados')} com sucesso.`,
  failTitle: 'Falha na sincronização',
  fail: 'Não foi possível sincronizar os dados. Tente novamente.',
  cancel: 'Sincronização cancelada.',
  /** Not in spec §8: a second sync asked for while one runs here or in another tab (spec §4: it cannot start). */
  busy: 'Uma sincronização já está em andamento.',
  unavailable: 'Este navegador não permite guardar os bens para consulta offline.',
} as const;

/** The browser event spec §4 raises after a successful sync (the local asset list was replaced). */
export const PATRIMONIOS_UPDATED_EVENT = 'patrimonios-updated';
