import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, type PendenciasStats } from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { http } from '../../lib/http';
import { dashboardKeys } from './keys';

/** 'Pendências e Alertas': overdue maintenance of the municipality's properties (refetched live, see live.ts). */
export function PendingWidget() {
  const { data, isPending, isError } = useQuery({
    queryKey: dashboardKeys.pendencias,
    queryFn: () => http.get<PendenciasStats>('/dashboard/pendencias'),
  });
  if (isPending) return <ContentSpinner />;
  if (isError) return <EmptyState compact title="Não foi possível carregar as pendências." />;
  const n = data.manutencoesAtrasadas;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        Manutenções atrasadas
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, color: n ? 'error.main' : undefined }}
        data-testid="pendencias-manutencoes"
      >
        {formatNumber(n)}
      </Typography>
      <Link component={RouterLink} to="/imoveis/manutencao?status=atrasada" variant="body2">
        {n ? 'Ver tarefas atrasadas' : 'Ver manutenções'}
      </Link>
    </Box>
  );
}
