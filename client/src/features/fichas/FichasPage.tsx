import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import StarOutline from '@mui/icons-material/StarOutline';
import { formatDateTime, type FichaTemplate } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { templateBody, useFichaTemplateMutations, useFichaTemplates } from './queries';

/** What a template shows, in one line. */
function summary(t: FichaTemplate): string {
  const parts = [`${t.fields.length} campos`];
  if (t.showPhoto) parts.push('foto');
  if (t.showQr) parts.push('QR');
  if (t.showHistory) parts.push('histórico');
  if (t.signatures.length) parts.push(`${t.signatures.length} assinaturas`);
  return parts.join(' · ');
}

/** Copy name not yet taken: "X (cópia)", "X (cópia 2)", … */
function copyName(name: string, taken: Set<string>): string {
  for (let i = 1; ; i++) {
    const n = `${name} (cópia${i > 1 ? ` ${i}` : ''})`.slice(0, 120);
    if (!taken.has(n.toLowerCase())) return n;
  }
}

/** /gerenciador-fichas: the record-sheet templates; new, edit, duplicate, make default, delete. */
export default function FichasPage({ title }: PageProps) {
  const { data, error, isPending, refetch } = useFichaTemplates();
  const { create, update, remove } = useFichaTemplateMutations();
  const [toDelete, setToDelete] = useState<FichaTemplate | null>(null);
  const templates = data ?? [];
  const taken = new Set(templates.map((t) => t.name.toLowerCase()));

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Modelos da ficha patrimonial impressa pelo botão “Imprimir ficha” de cada bem."
        actions={
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/gerenciador-fichas/novo">
            Nova ficha
          </Button>
        }
      />
      {error ? (
        <LoadError message="Não foi possível carregar os modelos de ficha." onRetry={() => void refetch()} />
      ) : isPending ? (
        <ContentSpinner />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table aria-label="Modelos de ficha" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Conteúdo</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Alterado em</TableCell>
                <TableCell align="right">Ações</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {templates.map((t) => (
                <TableRow key={t.id} hover data-testid="ficha-template-row">
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography
                        component={RouterLink}
                        to={`/gerenciador-fichas/editor/${t.id}`}
                        sx={{ fontWeight: 600, color: 'inherit' }}
                      >
                        {t.name}
                      </Typography>
                      {t.isDefault && <Chip size="small" color="primary" label="Padrão" />}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{summary(t)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatDateTime(t.updatedAt)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Editar">
                      <IconButton
                        component={RouterLink}
                        to={`/gerenciador-fichas/editor/${t.id}`}
                        aria-label={`Editar ${t.name}`}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Duplicar">
                      <IconButton
                        aria-label={`Duplicar ${t.name}`}
                        disabled={create.isPending}
                        onClick={() =>
                          create.mutate({ ...templateBody(t), name: copyName(t.name, taken), isDefault: false })
                        }
                      >
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {!t.isDefault && (
                      <Tooltip title="Definir como padrão">
                        <IconButton
                          aria-label={`Definir ${t.name} como padrão`}
                          disabled={update.isPending}
                          onClick={() =>
                            update.mutate({
                              id: t.id,
                              body: { ...templateBody(t), isDefault: true, version: t.version },
                            })
                          }
                        >
                          <StarOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title="Excluir">
                      <IconButton aria-label={`Excluir ${t.name}`} color="error" onClick={() => setToDelete(t)}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {!templates.length && (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Typography color="text.secondary">Nenhum modelo de ficha cadastrado.</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Paper>
      )}
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir modelo de ficha"
        message={
          toDelete?.isDefault
            ? `“${toDelete.name}” é o modelo padrão. Excluí-lo fará as fichas usarem o modelo mais antigo. Continuar?`
            : `Excluir o modelo “${toDelete?.name ?? ''}”? Esta ação não pode ser desfeita.`
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
