import { useMemo, useState } from 'react';
import { DOCUMENT_LIMITS, DOCUMENT_MSG, formatInteger, type GeneralDocument } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RegisterList, type ListParams, type RegisterConfig, type UrlShape } from '../../components/register';
import type { PageProps } from '../../lib/feature';
import { useCan } from '../../lib/permissions';
import { documentActions, documentCard, documentColumns } from './list';
import { UploadPanel } from './UploadPanel';
import { useDeleteDocument, useDocuments } from './queries';

/** The search and the page in the URL; the list has one order (newest first). */
const SHAPE: UrlShape = { sorts: ['uploadedAt'], defaultSort: 'uploadedAt', filterKeys: [] };

function useDocumentRows({ q, page, pageSize }: ListParams) {
  const query = useDocuments({
    search: q ? q.slice(0, DOCUMENT_LIMITS.searchMax) : undefined,
    page: Number(page),
    pageSize: Number(pageSize),
  });
  return { ...query, rows: query.data?.documents, total: query.data?.total };
}

/** /ferramentas/documentos: the municipality's general documents, updated live; admins and supervisors manage them. */
export default function DocumentsPage({ title }: PageProps) {
  const can = useCan();
  const canManage = can('documents:manage');
  const remove = useDeleteDocument();
  const [toDelete, setToDelete] = useState<GeneralDocument | null>(null);
  const config = useMemo<RegisterConfig<GeneralDocument>>(() => {
    const onDelete = canManage ? setToDelete : undefined;
    return {
      id: 'documentos',
      label: 'Documentos',
      noun: ['documento', 'documentos'],
      count: (n) => (n === 1 ? '1 documento' : `${formatInteger(n)} documentos`),
      searchLabel: 'Buscar por nome',
      emptyText: 'Nenhum documento enviado ainda.',
      emptyHint: canManage ? 'Use "Enviar documentos" para compartilhar o primeiro.' : undefined,
      emptyFilteredText: 'Nenhum documento encontrado.',
      emptyFilteredHint: 'Tente outro nome.',
      loadFailed: DOCUMENT_MSG.loadFailed,
      shape: SHAPE,
      useRows: useDocumentRows,
      columns: documentColumns,
      chooser: false,
      phoneSorts: [],
      sortLabel: () => 'Mais recentes',
      card: documentCard(onDelete),
      actions: documentActions(onDelete),
      actionsWidth: canManage ? 88 : 56,
    };
  }, [canManage]);

  return (
    <>
      <RegisterList
        title={title}
        subtitle={
          canManage
            ? 'Documentos compartilhados com todos os usuários do município. Ao enviar um documento, os demais são avisados.'
            : 'Documentos compartilhados com todos os usuários do município.'
        }
        config={config}
        intro={canManage && <UploadPanel />}
      />
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir documento"
        message={
          <>
            Tem certeza que deseja excluir o documento <strong>{toDelete?.fileName}</strong>? Ele deixará de estar
            disponível para todos os usuários do município. Esta ação não pode ser desfeita.
          </>
        }
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
      />
    </>
  );
}
