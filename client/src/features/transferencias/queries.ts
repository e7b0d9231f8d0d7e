import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchTransferReport, fetchTransfers, type TransferParams } from './api';
import { transferKeys } from './keys';

/** A page of the requests the user may read; refetched live (live.ts). */
export function useTransfers(params: TransferParams, enabled = true) {
  return useQuery({
    queryKey: transferKeys.list(params),
    queryFn: ({ signal }) => fetchTransfers(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The report's totals for its filters. */
export function useTransferReport(params: TransferParams) {
  return useQuery({
    queryKey: transferKeys.report(params),
    queryFn: ({ signal }) => fetchTransferReport(params, signal),
    placeholderData: keepPreviousData,
  });
}
