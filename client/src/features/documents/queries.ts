import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_MSG, type DocumentListQuery, type GeneralDocument } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { deleteDocument, fetchDocuments } from './api';
import { documentKeys } from './keys';

/** A page of the municipality's documents (newest first), kept on screen while the next one loads. */
export function useDocuments(q: DocumentListQuery) {
  const query = useQuery({
    queryKey: documentKeys.list(q),
    queryFn: () => fetchDocuments(q),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(query.isError, query.errorUpdatedAt, DOCUMENT_MSG.loadFailed);
  return query;
}

/** Deletes with the spec §8 toast; the list follows the live event the author receives too. */
export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (doc: GeneralDocument) => deleteDocument(doc.id),
    onSuccess: () => {
      toast.success(DOCUMENT_MSG.deleted);
      void qc.invalidateQueries({ queryKey: documentKeys.all });
    },
    onError: (err) => {
      toast.fromError(err);
      void qc.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
