import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { PublicMunicipio, PublicMunicipioChoice as Choice } from '@tombo/shared';
import { ApiError } from '../../lib/http';

/** The municipalities of a 400 to a call without municipality (`error.details.municipios`), or null. */
export function municipioChoiceOf(error: unknown): PublicMunicipio[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const list = (error.details as Partial<Choice> | undefined)?.municipios;
  return Array.isArray(list) ? list : null;
}

/** The choice the server offered: the server's message, then one link per municipality open to the public. */
export function PublicMunicipioChoice({
  message,
  municipios,
  hrefOf,
}: {
  message: string;
  municipios: PublicMunicipio[];
  hrefOf: (m: PublicMunicipio) => string;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="consulta-escolha-titulo" sx={{ p: 2 }}>
      <Typography id="consulta-escolha-titulo" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {message}
      </Typography>
      {municipios.length > 0 && (
        <List aria-label="Municípios com consulta pública" sx={{ mt: 1 }}>
          {municipios.map((m) => (
            <ListItemButton key={m.id} component={RouterLink} to={hrefOf(m)} divider>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <AccountBalanceOutlined />
              </ListItemIcon>
              <ListItemText primary={m.name} />
              <ChevronRight aria-hidden color="action" />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
