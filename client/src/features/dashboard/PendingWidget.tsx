import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { formatNumber } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { Figure, Figures } from './Figure';
import { usePendencias } from './queries';

/**
 * 'Pendências e Alertas' (spec §2.5, issue 14): assets in maintenance, inventories in progress, pending
 * transfers, overdue loans and overdue maintenance, over what the user sees (refetched live, see live.ts).
 */
export function PendingWidget() {
  const { data, isPending, isError } = usePendencias();
  if (isPending) return <ContentSpinner />;
  if (isError) return <EmptyState compact title="Não foi possível carregar as pendências." />;
  const n = (v: number) => formatNumber(v);
  return (
    <Stack spacing={1.5}>
      <Figures>
        <Figure label="Bens em manutenção" value={n(data.emManutencao)} testId="pendencias-em-manutencao" />
        <Figure
          label="Inventários em andamento"
          value={n(data.inventariosEmAndamento)}
          testId="pendencias-inventarios"
        />
        <Figure
          label="Transferências pendentes"
          value={n(data.transferenciasPendentes)}
          alert={data.transferenciasPendentes > 0}
          testId="pendencias-transferencias"
        />
        <Figure
          label="Empréstimos atrasados"
          value={n(data.emprestimosAtrasados)}
          alert={data.emprestimosAtrasados > 0}
          testId="pendencias-emprestimos"
        />
        <Figure
          label="Manutenções atrasadas"
          value={n(data.manutencoesAtrasadas)}
          alert={data.manutencoesAtrasadas > 0}
          testId="pendencias-manutencoes"
        />
      </Figures>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to="/bens/transferencias" variant="body2">
          Transferências
        </Link>
        <Link component={RouterLink} to="/bens/emprestimos" variant="body2">
          Empréstimos
        </Link>
        <Link component={RouterLink} to="/imoveis/manutencao?status=atrasada" variant="body2">
          {data.manutencoesAtrasadas ? 'Ver tarefas atrasadas' : 'Ver manutenções'}
        </Link>
      </Stack>
    </Stack>
  );
}
