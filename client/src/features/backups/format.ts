import type { Backup } from '@tombo/shared';

/** Bytes as pt-BR text ('1,5 MB'). */
export function formatBytes(n: number | null | undefined): string {
  if (n == null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toLocaleString('pt-BR', { maximumFractionDigits: i ? 1 : 0 })} ${units[i]}`;
}

/** The status as the list shows it. */
export const BACKUP_STATUS_LABEL: Record<Backup['status'], string> = {
  queued: 'Na fila',
  running: 'Em andamento',
  completed: 'Concluído',
  failed: 'Falhou',
};

export const BACKUP_STATUS_COLOR: Record<Backup['status'], 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
};

/** Where a backup came from, as the list shows it. */
export function backupOrigin(b: Backup): string {
  if (b.kind === 'scheduled') return 'Agendado';
  if (b.kind === 'uploaded') return `Enviado${b.createdBy ? ` por ${b.createdBy.name}` : ''}`;
  return b.createdBy?.name ?? 'Manual';
}
