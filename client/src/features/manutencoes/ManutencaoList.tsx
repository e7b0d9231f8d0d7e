import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AttachFile from '@mui/icons-material/AttachFile';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Repeat from '@mui/icons-material/Repeat';
import {
  RECORRENCIA_MANUTENCAO_LABELS,
  TIPO_MANUTENCAO_LABELS,
  formatDate,
  formatMoney,
  type Manutencao,
} from '@tombo/shared';
import { StatusChip } from './StatusChip';

export interface ManutencaoListProps {
  rows: Manutencao[];
  total: number;
  page: number;
  pageSize: number;
  canManage: boolean;
  /** Hide the property column (a property's own section). */
  hideImovel?: boolean;
  onPage: (page: number) => void;
  onEdit: (m: Manutencao) => void;
  onComplete: (m: Manutencao) => void;
  onDelete: (m: Manutencao) => void;
}

const isOpen = (m: Manutencao) => m.status !== 'concluida' && m.status !== 'cancelada';

type ActionProps = Pick<ManutencaoListProps, 'canManage' | 'onEdit' | 'onComplete' | 'onDelete'> & {
  m: Manutencao;
  /** The card shows 'Concluir' as a text button instead. */
  noComplete?: boolean;
};

function Actions({ m, canManage, onEdit, onComplete, onDelete, noComplete }: ActionProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {canManage && isOpen(m) && !noComplete && (
        <Tooltip title="Concluir">
          <IconButton aria-label={`Concluir ${m.titulo}`} onClick={() => onComplete(m)} color="success">
            <CheckCircleOutline />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={canManage ? 'Editar' : 'Ver'}>
        <IconButton aria-label={`${canManage ? 'Editar' : 'Ver'} ${m.titulo}`} onClick={() => onEdit(m)}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      {canManage && (
        <Tooltip title="Excluir">
          <IconButton aria-label={`Excluir ${m.titulo}`} onClick={() => onDelete(m)} color="error">
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

function Title({ m }: { m: Manutencao }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {m.titulo}
      </Typography>
      {m.recorrencia && (
        <Tooltip title={`Recorrência: ${RECORRENCIA_MANUTENCAO_LABELS[m.recorrencia]}`}>
          <Repeat
            fontSize="small"
            color="action"
            aria-label={`Recorrência ${RECORRENCIA_MANUTENCAO_LABELS[m.recorrencia]}`}
          />
        </Tooltip>
      )}
      {m.anexos.length > 0 && <AttachFile fontSize="small" color="action" aria-label={`${m.anexos.length} anexo(s)`} />}
    </Box>
  );
}

const cost = (m: Manutencao) =>
  m.custoReal ? formatMoney(m.custoReal) : m.custoEstimado ? `${formatMoney(m.custoEstimado)} (est.)` : '—';

/** The tasks as a table (desktop) or cards (under 768 px), with complete / edit / delete. */
export function ManutencaoList(props: ManutencaoListProps) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const { rows, total, page, pageSize, hideImovel, onPage } = props;
  const pager = total > pageSize && (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_e, p) => onPage(p + 1)}
      labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
    />
  );
  if (phone)
    return (
      <Stack spacing={1.5} data-testid="manutencao-cards">
        {rows.map((m) => (
          <Card key={m.id} variant="outlined" data-testid="manutencao-item">
            <CardContent sx={{ pb: '12px !important' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'start' }}>
                <Title m={m} />
                <StatusChip status={m.status} />
              </Box>
              {!hideImovel && (
                <Typography variant="body2" color="text.secondary">
                  {m.imovel.numero_patrimonio} — {m.imovel.denominacao}
                </Typography>
              )}
              <Typography variant="body2">
                {formatDate(m.dataPrevista)} · {TIPO_MANUTENCAO_LABELS[m.tipo]} · {cost(m)}
              </Typography>
              {m.responsavel && (
                <Typography variant="body2" color="text.secondary">
                  Responsável: {m.responsavel}
                </Typography>
              )}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
                {props.canManage && isOpen(m) ? (
                  <Button size="small" startIcon={<CheckCircleOutline />} onClick={() => props.onComplete(m)}>
                    Concluir
                  </Button>
                ) : (
                  <span />
                )}
                <Actions m={m} {...props} noComplete />
              </Box>
            </CardContent>
          </Card>
        ))}
        {pager}
      </Stack>
    );
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Tarefas de manutenção">
          <TableHead>
            <TableRow>
              <TableCell>Data prevista</TableCell>
              <TableCell>Tarefa</TableCell>
              {!hideImovel && <TableCell>Imóvel</TableCell>}
              <TableCell>Tipo</TableCell>
              <TableCell>Responsável</TableCell>
              <TableCell align="right">Custo</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Ações</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((m) => (
              <TableRow key={m.id} hover data-testid="manutencao-item">
                <TableCell>{formatDate(m.dataPrevista)}</TableCell>
                <TableCell>
                  <Title m={m} />
                </TableCell>
                {!hideImovel && (
                  <TableCell>
                    <Typography variant="body2">{m.imovel.denominacao}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {m.imovel.numero_patrimonio}
                    </Typography>
                  </TableCell>
                )}
                <TableCell>{TIPO_MANUTENCAO_LABELS[m.tipo]}</TableCell>
                <TableCell>{m.responsavel ?? '—'}</TableCell>
                <TableCell align="right">{cost(m)}</TableCell>
                <TableCell>
                  <StatusChip status={m.status} />
                </TableCell>
                <TableCell align="right">
                  <Actions m={m} {...props} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pager}
    </Paper>
  );
}
