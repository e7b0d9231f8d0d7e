import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DOCUMENT_LIMITS, DOCUMENT_MSG, formatInteger, type GeneralDocument } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import type { PageProps } from '../../lib/feature';
import { hasPermission, useSession } from '../../lib/session';
import { DocumentCards, DocumentTable } from './DocumentList';
import { UploadPanel } from './UploadPanel';
import { useDeleteDocument, useDocuments } from './queries';

/** A refetch (a live change, another page) shows over the list's top edge without moving it. */
const REFRESHING = { position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 } as const;

/** /ferramentas/documentos: the municipality's general documents, updated live; admins and supervisors manage them. */
export default function DocumentsPage({ title }: PageProps) {
  const user = useSession((s) => s.user);
  const canManage = hasPermission(user, 'documents:manage');
  const phone = useMediaQuery('(max-width:767.98px)');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { data, isPending, isError, isFetching, refetch } = useDocuments({
    search: search || undefined,
    page,
    pageSize,
  });
  const remove = useDeleteDocument();
  const [toDelete, setToDelete] = useState<GeneralDocument | null>(null);

  // Search: applied 350 ms after the last key, from the first page.
  useEffect(() => {
    const next = searchText.trim().slice(0, DOCUMENT_LIMITS.searchMax);
    if (next === search) return;
    const t = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, 350);
    return () => clearTimeout(t);
  }, [searchText, search]);

  // A page emptied by deletions (here or elsewhere) moves back to the last page that has rows.
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);

  const documents = data?.documents ?? [];
  const onDelete = canManage ? setToDelete : undefined;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          canManage
            ? 'Documentos compartilhados com todos os usuários do município. Ao enviar um documento, os demais são avisados.'
            : 'Documentos compartilhados com todos os usuários do município.'
        }
      />
      {canManage && <UploadPanel />}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <SearchField
          id="documentos-busca"
          label="Buscar por nome"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        {data && (
          <Typography variant="body2" color="text.secondary" role="status">
            {total === 1 ? '1 documento' : `${formatInteger(total)} documentos`}
          </Typography>
        )}
      </Stack>

      {isPending ? (
        <ContentSpinner />
      ) : isError && !data ? (
        <LoadError message={DOCUMENT_MSG.loadFailed} onRetry={() => void refetch()} />
      ) : documents.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title={search ? 'Nenhum documento encontrado.' : 'Nenhum documento enviado ainda.'}
            description={
              search
                ? 'Tente outro nome.'
                : canManage
                  ? 'Use "Enviar documentos" para compartilhar o primeiro.'
                  : undefined
            }
          />
        </Paper>
      ) : phone ? (
        <Box sx={{ position: 'relative' }}>
          {isFetching && <LinearProgress aria-label="Atualizando documentos" sx={REFRESHING} />}
          <DocumentCards documents={documents} onDelete={onDelete} />
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_e, p) => setPage(p)}
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              aria-label="Páginas de documentos"
            />
          )}
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
          {isFetching && <LinearProgress aria-label="Atualizando documentos" sx={REFRESHING} />}
          <DocumentTable documents={documents} onDelete={onDelete} />
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, pages) - 1}
            onPageChange={(_e, p) => setPage(p + 1)}
            rowsPerPage={pageSize}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
            rowsPerPageOptions={[10, 20, 50, 100]}
          />
        </Paper>
      )}

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
