import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import {
  WIDGET_SIZES,
  WIDGET_SIZE_LABELS,
  widgetTitle,
  type LayoutWidget,
  type WidgetId,
  type WidgetSize,
} from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { ActivityWidget } from './ActivityWidget';
import { AssetStatsWidget, AssetStatusWidget, AssetTypeWidget } from './AssetWidgets';
import { ImovelWidget } from './ImovelWidget';
import { PendingWidget } from './PendingWidget';
import {
  AprovacoesWidget,
  BloqueadosWidget,
  EmprestimosWidget,
  FalhasWidget,
  InventariosWidget,
  SolicitacoesWidget,
} from './RoleWidgets';

const BODIES: Record<WidgetId, () => React.JSX.Element> = {
  stats: AssetStatsWidget,
  imoveis: ImovelWidget,
  status: AssetStatusWidget,
  type: AssetTypeWidget,
  activity: ActivityWidget,
  pending: PendingWidget,
  inventarios: InventariosWidget,
  aprovacoes: AprovacoesWidget,
  emprestimos: () => <EmprestimosWidget status="atrasados" />,
  bloqueados: BloqueadosWidget,
  falhas: FalhasWidget,
  solicitacoes: SolicitacoesWidget,
  meusEmprestimos: () => <EmprestimosWidget status="abertos" />,
};

/** Grid columns per size: a phone always gives a widget the whole width. */
const COLUMNS: Record<WidgetSize, { xs: number; sm?: number; md?: number; lg?: number }> = {
  pequeno: { xs: 12, sm: 6, lg: 4 },
  medio: { xs: 12, md: 6 },
  grande: { xs: 12 },
};

interface Props {
  widget: LayoutWidget;
  first: boolean;
  last: boolean;
  customizing: boolean;
  onMove: (id: WidgetId, delta: -1 | 1) => void;
  onRemove: (id: WidgetId) => void;
  onResize: (id: WidgetId, size: WidgetSize) => void;
}

/** One widget of the dashboard: its card, and in the customise mode the controls to move, resize or remove it. */
export function WidgetCard({ widget, first, last, customizing, onMove, onRemove, onResize }: Props) {
  const { id, size } = widget;
  const title = widgetTitle(id);
  const Body = BODIES[id];
  return (
    <Grid size={COLUMNS[size]} sx={{ minWidth: 0 }}>
      <Card
        variant="outlined"
        sx={{ height: '100%', minWidth: 0, outline: customizing ? '2px dashed' : undefined, outlineColor: 'divider' }}
        component="section"
        aria-label={title}
        data-widget={id}
        data-size={size}
      >
        <CardHeader
          title={title}
          slotProps={{ title: { variant: 'h3', component: 'h2' } }}
          action={
            customizing ? (
              <Box sx={{ display: 'flex' }}>
                <Tooltip title="Mover para cima">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Mover ${title} para cima`}
                      disabled={first}
                      onClick={() => onMove(id, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Mover para baixo">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Mover ${title} para baixo`}
                      disabled={last}
                      onClick={() => onMove(id, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Remover">
                  <IconButton size="small" aria-label={`Remover ${title}`} onClick={() => onRemove(id)}>
                    <Close fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            ) : undefined
          }
          sx={{ pb: 0, '& .MuiCardHeader-content': { minWidth: 0 } }}
        />
        <CardContent sx={{ minWidth: 0 }}>
          {customizing && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={size}
              onChange={(_e, v: WidgetSize | null) => v && onResize(id, v)}
              aria-label={`Tamanho de ${title}`}
              sx={{ mb: 2 }}
            >
              {WIDGET_SIZES.map((s) => (
                <ToggleButton key={s} value={s}>
                  {WIDGET_SIZE_LABELS[s]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          {Body ? <Body /> : <EmptyState compact title="Este painel não tem conteúdo." />}
        </CardContent>
      </Card>
    </Grid>
  );
}
