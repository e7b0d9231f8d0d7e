import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { addMonths, eachDayOfInterval, format, isSameMonth } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';
import { formatDate, type Manutencao } from '@tombo/shared';
import { ManutencaoList, type ManutencaoListProps } from './ManutencaoList';
import { statusColor } from './StatusChip';
import { gridRange } from './urlState';

const WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];
const SHOWN_PER_DAY = 3;

interface Props extends Omit<ManutencaoListProps, 'rows' | 'total' | 'page' | 'pageSize' | 'onPage'> {
  /** 'yyyy-MM' */
  mes: string;
  rows: Manutencao[];
  onMonth: (mes: string) => void;
}

/** The month grid (Sunday first): each day's tasks by status colour; a day's tasks are listed under it. */
export function ManutencaoCalendar({ mes, rows, onMonth, ...listProps }: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const [selected, setSelected] = useState<string | null>(null);
  const first = new Date(`${mes}-01T12:00:00`);
  const days = useMemo(() => {
    const { from, to } = gridRange(mes);
    return eachDayOfInterval({ start: from, end: to });
  }, [mes]);
  const byDay = useMemo(() => {
    const m = new Map<string, Manutencao[]>();
    for (const r of rows) m.set(r.dataPrevista, [...(m.get(r.dataPrevista) ?? []), r]);
    return m;
  }, [rows]);
  const today = format(new Date(), 'yyyy-MM-dd');
  const move = (n: number) => {
    setSelected(null);
    onMonth(format(addMonths(first, n), 'yyyy-MM'));
  };
  const month = format(first, "MMMM 'de' yyyy", { locale: ptBR });
  const label = month[0].toUpperCase() + month.slice(1);
  const dayRows = selected ? (byDay.get(selected) ?? []) : [];

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }} data-testid="manutencao-calendario">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <IconButton aria-label="Mês anterior" onClick={() => move(-1)}>
            <ChevronLeft />
          </IconButton>
          <Typography variant="h6" component="h2" aria-live="polite">
            {label}
          </Typography>
          <IconButton aria-label="Próximo mês" onClick={() => move(1)}>
            <ChevronRight />
          </IconButton>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }} role="grid">
          {WEEKDAYS.map((d) => (
            <Typography key={d} variant="caption" color="text.secondary" sx={{ textAlign: 'center', fontWeight: 600 }}>
              {d}
            </Typography>
          ))}
          {days.map((d) => {
            const iso = format(d, 'yyyy-MM-dd');
            const tasks = byDay.get(iso) ?? [];
            const inMonth = isSameMonth(d, first);
            return (
              <ButtonBase
                key={iso}
                role="gridcell"
                aria-label={`${formatDate(iso)}: ${tasks.length} tarefa(s)`}
                aria-selected={selected === iso}
                onClick={() => setSelected(selected === iso ? null : iso)}
                sx={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'stretch',
                  justifyContent: 'flex-start',
                  minHeight: { xs: 52, md: 104 },
                  p: 0.5,
                  borderRadius: 1,
                  border: 1,
                  borderColor: selected === iso ? 'primary.main' : 'divider',
                  bgcolor: iso === today ? 'action.selected' : inMonth ? 'background.paper' : 'action.hover',
                  opacity: inMonth ? 1 : 0.6,
                  textAlign: 'left',
                  overflow: 'hidden',
                }}
              >
                <Typography variant="caption" sx={{ fontWeight: iso === today ? 700 : 400 }}>
                  {format(d, 'd')}
                </Typography>
                {phone ? (
                  tasks.length > 0 && (
                    <Box sx={{ display: 'flex', gap: 0.25, flexWrap: 'wrap' }}>
                      {tasks.slice(0, 4).map((t) => (
                        <Box key={t.id} sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: dot(t) }} />
                      ))}
                    </Box>
                  )
                ) : (
                  <>
                    {tasks.slice(0, SHOWN_PER_DAY).map((t) => (
                      <Typography
                        key={t.id}
                        variant="caption"
                        noWrap
                        data-testid="calendario-tarefa"
                        sx={{
                          px: 0.5,
                          mt: 0.25,
                          borderRadius: 0.5,
                          borderLeft: 3,
                          borderColor: dot(t),
                          bgcolor: 'action.hover',
                        }}
                      >
                        {t.titulo}
                      </Typography>
                    ))}
                    {tasks.length > SHOWN_PER_DAY && (
                      <Typography variant="caption" color="text.secondary">
                        +{tasks.length - SHOWN_PER_DAY} mais
                      </Typography>
                    )}
                  </>
                )}
              </ButtonBase>
            );
          })}
        </Box>
      </Paper>
      {selected && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            Tarefas de {formatDate(selected)}
          </Typography>
          {dayRows.length ? (
            <ManutencaoList
              {...listProps}
              rows={dayRows}
              total={dayRows.length}
              page={1}
              pageSize={500}
              onPage={() => undefined}
            />
          ) : (
            <Typography color="text.secondary">Nenhuma tarefa neste dia.</Typography>
          )}
        </Box>
      )}
    </>
  );
}

const dot = (t: Manutencao) => {
  const c = statusColor(t.status);
  return c === 'default' ? 'grey.500' : `${c}.main`;
};
