import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Print from '@mui/icons-material/Print';
import StarOutline from '@mui/icons-material/StarOutline';
import { ETIQUETA_MSG, formatDateTime, type LabelTemplate } from '@tombo/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import type { PageProps } from '../../lib/feature';
import { fmtMm } from './format';
import { templateBody, useLabelTemplateMutations, useLabelTemplates } from './queries';

/** A name not yet taken: 'X (cópia)', 'X (cópia 2)'… */
function copyName(name: string, taken: readonly LabelTemplate[]): string {
  const names = new Set(taken.map((t) => t.name.toLowerCase()));
  for (let i = 1; ; i++) {
    const candidate = `${name} (cópia${i > 1 ? ` ${i}` : ''})`.slice(0, 120);
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/** /etiquetas/templates: the municipality's label templates — create, edit, duplicate, delete, set default. */
export default function TemplatesPage({ title }: PageProps) {
  const navigate = useNavigate();
  const query = useLabelTemplates();
  const { data } = query;
  const { create, update, remove } = useLabelTemplateMutations();
  const [toDelete, setToDelete] = useState<LabelTemplate | null>(null);
  const templates = data ?? [];

  const duplicate = (t: LabelTemplate) =>
    create.mutate(
      { ...templateBody(t), name: copyName(t.name, templates), isDefault: false },
      { onSuccess: (c) => navigate(`/etiquetas/templates/editor/${c.id}`) },
    );
  const makeDefault = (t: LabelTemplate) =>
    update.mutate({ id: t.id, body: { ...templateBody(t), isDefault: true, version: t.version } });

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Modelos de etiqueta do município, em milímetros. O modelo padrão é usado quando nenhum é escolhido."
        actions={
          <>
            <Button variant="outlined" startIcon={<Print />} component={RouterLink} to="/gerar-etiquetas">
              Gerar etiquetas
            </Button>
            <Button
              variant="contained"
              startIcon={<Add />}
              component={RouterLink}
              to="/etiquetas/templates/editor/novo"
            >
              Novo template
            </Button>
          </>
        }
      />
      <QueryState
        query={query}
        errorText={ETIQUETA_MSG.loadFailed}
        isEmpty={() => templates.length === 0}
        empty={{ title: 'Nenhum template de etiqueta.', description: 'Use "Novo template" para criar o primeiro.' }}
      >
        {() => (
          <TableContainer component={Paper} variant="outlined">
            <Table aria-label="Templates de etiqueta" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Nome</TableCell>
                  <TableCell>Tamanho</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Elementos</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Atualizado em</TableCell>
                  <TableCell align="right">Ações</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {templates.map((t) => (
                  <TableRow key={t.id} hover data-testid={`label-template-${t.id}`}>
                    <TableCell>
                      {t.name} {t.isDefault && <Chip size="small" color="primary" label="Padrão" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {fmtMm(t.width)} × {fmtMm(t.height)} mm
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t.elements.length}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {formatDateTime(t.updatedAt)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Editar">
                        <IconButton
                          aria-label={`Editar template ${t.name}`}
                          component={RouterLink}
                          to={`/etiquetas/templates/editor/${t.id}`}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Duplicar">
                        <IconButton aria-label={`Duplicar template ${t.name}`} onClick={() => duplicate(t)}>
                          <ContentCopy fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {!t.isDefault && (
                        <Tooltip title="Definir como padrão">
                          <IconButton aria-label={`Definir ${t.name} como padrão`} onClick={() => makeDefault(t)}>
                            <StarOutline fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      <Tooltip title="Excluir">
                        <IconButton aria-label={`Excluir template ${t.name}`} onClick={() => setToDelete(t)}>
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
      <ConfirmDialog
        open={!!toDelete}
        title="Excluir template"
        message={
          <>
            Tem certeza que deseja excluir o template <strong>{toDelete?.name}</strong>? Esta ação não pode ser
            desfeita.
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
