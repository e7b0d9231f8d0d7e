import { produce } from 'immer';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Job, JobList, Local, LocalList, Sector, SectorList } from '@tombo/shared';

export const sectorsKey = ['sectors'] as const;
export const locaisKey = (filter: { sectorId?: number } = {}) => ['locais', filter] as const;
export const jobsListKey = ['jobs', 'list'] as const;
export const jobKey = (id: string) => ['jobs', 'detail', id] as const;
export const usersKey = ['users'] as const;
export const auditKey = ['audit-logs'] as const;

interface Versioned {
  id: number;
  version?: number;
}

/** Inserts or replaces by id; an older version than the cached one is ignored. */
export function upsert<T extends Versioned>(list: T[], item: T): T[] {
  return produce(list, (draft) => {
    const i = draft.findIndex((x) => x.id === item.id);
    if (i === -1) {
      draft.push(item as never);
      return;
    }
    const current = draft[i];
    if (current.version != null && item.version != null && item.version < current.version) return;
    draft[i] = item as never;
  });
}

export function removeById<T extends { id: number }>(list: T[], id: number): T[] {
  return list.filter((x) => x.id !== id);
}

export function patchSectors(qc: QueryClient, fn: (list: Sector[]) => Sector[]) {
  qc.setQueryData<SectorList>(sectorsKey, (old) => {
    if (!old) return old;
    const sectors = fn(old.sectors);
    return { sectors, total: old.total + (sectors.length - old.sectors.length) };
  });
}

/** Patches every cached locais list, respecting each list's sector filter. */
export function patchLocais(qc: QueryClient, local: Local | null, deletedId?: number) {
  for (const [key, old] of qc.getQueriesData<LocalList>({ queryKey: ['locais'] })) {
    if (!old) continue;
    const filter = (key[1] ?? {}) as { sectorId?: number };
    let locais = old.locais;
    if (deletedId != null) locais = removeById(locais, deletedId);
    if (local) {
      locais =
        filter.sectorId == null || filter.sectorId === local.sectorId
          ? upsert(locais, local)
          : removeById(locais, local.id);
    }
    qc.setQueryData<LocalList>(key as QueryKey, { locais, total: old.total + (locais.length - old.locais.length) });
  }
}

const STATUS_RANK: Record<Job['status'], number> = { queued: 0, running: 1, completed: 2, failed: 2 };

/** Keeps whichever job state is further along (events and fetches may arrive out of order). */
export function mergeJob(prev: Job | undefined, next: Job): Job {
  if (!prev) return next;
  const a = STATUS_RANK[prev.status];
  const b = STATUS_RANK[next.status];
  if (b > a) return next;
  if (b < a) return prev;
  return next.progress >= prev.progress ? next : { ...next, progress: prev.progress };
}

export function patchJob(qc: QueryClient, job: Job) {
  qc.setQueryData<Job>(jobKey(job.id), (old) => mergeJob(old, job));
  qc.setQueryData<JobList>(jobsListKey, (old) => {
    if (!old) return old;
    const i = old.jobs.findIndex((j) => j.id === job.id);
    if (i === -1) return { jobs: [job, ...old.jobs], total: old.total + 1 };
    const jobs = old.jobs.slice();
    jobs[i] = mergeJob(jobs[i], job);
    return { jobs, total: old.total };
  });
}
