import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@tombo/shared';
import { OUTCOME, type FeedEntry } from './outcome';

/** "Últimas leituras": everyone's marks, newest first, live. */
export function Feed({ entries }: { entries: FeedEntry[] }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h2" sx={{ fontSize: 18, mb: 1 }} id="ultimas-leituras">
        Últimas leituras
      </Typography>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhuma leitura ainda.
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby="ultimas-leituras" data-testid="feed">
          {entries.map((e) => {
            const o = OUTCOME[e.outcome];
            return (
              <ListItem key={e.id} disableGutters divider sx={{ display: 'block', py: 0.75 }} data-testid="feed-item">
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {e.numero ?? '—'}
                  </Typography>
                  <Chip
                    size="small"
                    color={o.color}
                    label={o.label}
                    variant={e.outcome === 'pendente' ? 'outlined' : 'filled'}
                  />
                  {e.mine && (
                    <Typography variant="caption" color="text.secondary">
                      (minha)
                    </Typography>
                  )}
                </Box>
                {e.descricao && (
                  <Typography variant="body2" noWrap title={e.descricao}>
                    {e.descricao}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {[e.lidoPorNome, formatDateTime(e.lidoEm), e.local].filter(Boolean).join(' · ')}
                </Typography>
                {e.message && e.outcome !== 'found' && (
                  <Typography
                    variant="caption"
                    sx={{ display: 'block', color: `${o.color === 'default' ? 'text' : o.color}.main` }}
                  >
                    {e.message}
                  </Typography>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
