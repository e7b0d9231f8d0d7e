import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { PRIMEIROS_PASSOS } from '@tombo/shared';
import { useCan, useCanOpen } from '../../lib/permissions';
import { usePrimeirosPassos } from './queries';

/**
 * 'Primeiros passos': the new municipality's setup checklist on the dashboard of who configures it. Each step
 * ticks itself from the data (live), and the card leaves once every step is done.
 */
export function PrimeirosPassosCard() {
  const allowed = useCan()('settings:update');
  const canOpen = useCanOpen();
  const { data } = usePrimeirosPassos(allowed);
  if (!allowed || !data) return null;
  const feito = new Map(data.passos.map((p) => [p.key, p.feito]));
  const count = data.passos.filter((p) => p.feito).length;
  if (count === PRIMEIROS_PASSOS.length) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="primeiros-passos-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="primeiros-passos-title" variant="h6" component="h2">
            Primeiros passos
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {count} de {PRIMEIROS_PASSOS.length} concluídos
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={(count / PRIMEIROS_PASSOS.length) * 100}
          // The count beside the title says the same to a screen reader; a second progressbar would read as loading.
          aria-hidden
          sx={{ my: 1.5, height: 6, borderRadius: 3 }}
        />
        <List dense disablePadding sx={{ columns: { md: 2 }, columnGap: 4 }}>
          {PRIMEIROS_PASSOS.map((p) => {
            const done = !!feito.get(p.key);
            return (
              <ListItem key={p.key} disableGutters sx={{ breakInside: 'avoid', alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                  {done ? (
                    <CheckCircle color="success" titleAccess="Concluído" />
                  ) : (
                    <RadioButtonUnchecked color="action" titleAccess="Pendente" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={
                    done || !canOpen(p.to) ? (
                      <Typography component="span" sx={{ color: 'text.secondary' }}>
                        {p.label}
                      </Typography>
                    ) : (
                      <Link component={RouterLink} to={p.to} underline="hover" sx={{ fontWeight: 500 }}>
                        {p.label}
                      </Link>
                    )
                  }
                  secondary={p.hint}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
