import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { ManutencaoList } from './ManutencaoList';
import { useManutencaoList } from './queries';
import { useManutencaoActions } from './useManutencaoActions';

const PAGE = 10;

/** A property's maintenance tasks (for its view page), with 'Nova tarefa' for that property; live like the page. */
export function ImovelManutencoesSection({ imovelId }: { imovelId: number }) {
  const [page, setPage] = useState(1);
  const { data, isPending } = useManutencaoList({
    imovelId: String(imovelId),
    page: String(page),
    pageSize: String(PAGE),
    order: 'desc',
  });
  const actions = useManutencaoActions(imovelId);
  return (
    <Box component="section" aria-labelledby={`manutencoes-imovel-${imovelId}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2" id={`manutencoes-imovel-${imovelId}`}>
          Manutenção
        </Typography>
        {actions.canManage && (
          <Button size="small" variant="outlined" startIcon={<Add />} onClick={actions.onNew}>
            Nova tarefa
          </Button>
        )}
      </Box>
      {isPending ? (
        <ContentSpinner />
      ) : !data?.manutencoes.length ? (
        <Typography color="text.secondary">Nenhuma tarefa de manutenção para este imóvel.</Typography>
      ) : (
        <ManutencaoList
          rows={data.manutencoes}
          total={data.total}
          page={page}
          pageSize={PAGE}
          onPage={setPage}
          hideImovel
          canManage={actions.canManage}
          onEdit={actions.onEdit}
          onComplete={actions.onComplete}
          onDelete={actions.onDelete}
        />
      )}
      <Link component={RouterLink} to={`/imoveis/manutencao?imovelId=${imovelId}&view=calendario`} variant="body2">
        Ver no calendário
      </Link>
      {actions.dialogs}
    </Box>
  );
}
