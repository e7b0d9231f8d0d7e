import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Add from '@mui/icons-material/Add';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import ViewList from '@mui/icons-material/ViewList';
import { MANUTENCAO_MSG } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { ManutencaoCalendar } from './ManutencaoCalendar';
import { ManutencaoFilters } from './ManutencaoFilters';
import { ManutencaoList } from './ManutencaoList';
import { useImovelOptions, useManutencaoList } from './queries';
import { MANUTENCAO_PAGE_SIZE, apiParams, useManutencaoListState, type ManutencaoView } from './urlState';
import { useManutencaoActions } from './useManutencaoActions';

/** /imoveis/manutencao: the maintenance tasks of the properties as a list or a month calendar. */
export default function ManutencoesPage({ title }: PageProps) {
  const { state, update } = useManutencaoListState();
  const imovelId = state.imovelId ? Number(state.imovelId) : null;
  const { data, isPending, isError, refetch } = useManutencaoList(apiParams(state));
  const actions = useManutencaoActions(imovelId);
  const imovel = useImovelOptions('', imovelId ?? undefined, !!imovelId).data?.find((o) => o.id === imovelId);
  const rows = data?.manutencoes ?? [];
  const filtered = !!(state.status || state.tipo || state.q);
  const empty = filtered
    ? 'Nenhuma tarefa encontrada com estes filtros.'
    : imovelId
      ? 'Nenhuma tarefa de manutenção para este imóvel.'
      : 'Nenhuma tarefa de manutenção cadastrada.';
  const common = {
    canManage: actions.canManage,
    hideImovel: !!imovelId,
    onEdit: actions.onEdit,
    onComplete: actions.onComplete,
    onDelete: actions.onDelete,
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Tarefas preventivas, corretivas e inspeções dos imóveis, com lembretes aos setores responsáveis."
        actions={
          actions.canManage && (
            <Button variant="contained" startIcon={<Add />} onClick={actions.onNew}>
              Nova tarefa
            </Button>
          )
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={state.view}
          onChange={(_e, view: ManutencaoView | null) => view && update({ view })}
          aria-label="Visualização"
        >
          <ToggleButton value="lista" aria-label="Lista">
            <ViewList fontSize="small" sx={{ mr: 0.5 }} /> Lista
          </ToggleButton>
          <ToggleButton value="calendario" aria-label="Calendário">
            <CalendarMonth fontSize="small" sx={{ mr: 0.5 }} /> Calendário
          </ToggleButton>
        </ToggleButtonGroup>
        {!!data?.atrasadas && (
          <Chip
            color="error"
            label={`${data.atrasadas} atrasada${data.atrasadas > 1 ? 's' : ''}`}
            onClick={() => update({ status: 'atrasada' })}
          />
        )}
      </Box>
      <ManutencaoFilters
        state={state}
        update={update}
        imovelLabel={imovel ? `${imovel.numero_patrimonio} — ${imovel.denominacao}` : null}
      />

      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message={MANUTENCAO_MSG.loadFailed} onRetry={() => void refetch()} />
      ) : state.view === 'calendario' ? (
        <ManutencaoCalendar {...common} mes={state.mes} rows={rows} onMonth={(mes) => update({ mes })} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            title={empty}
            description={actions.canManage && !filtered ? 'Use "Nova tarefa" para agendar uma.' : undefined}
          />
        </Paper>
      ) : (
        <ManutencaoList
          {...common}
          rows={rows}
          total={data.total}
          page={state.page}
          pageSize={MANUTENCAO_PAGE_SIZE}
          onPage={(page) => update({ page })}
        />
      )}
      {actions.dialogs}
    </>
  );
}
