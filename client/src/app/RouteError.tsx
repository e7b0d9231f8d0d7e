import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Shown when a screen fails to load or render (e.g. a chunk missing after an update). */
function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <Box
      component="main"
      role="alert"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Typography variant="h1">Não foi possível abrir esta tela</Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          Verifique sua conexão e recarregue a página. Se o problema continuar, procure o suporte.
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Recarregar página
        </Button>
        {detail && (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 3, wordBreak: 'break-word' }}>
            {detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

class Boundary extends Component<{ path: string; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error() };
  }
  override componentDidUpdate(previous: { path: string }) {
    if (this.state.error != null && previous.path !== this.props.path) this.setState({ error: null });
  }
  override render() {
    return this.state.error != null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches what a route throws while loading or rendering (the whole screen says so); another path tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary path={useLocation().pathname}>{children}</Boundary>;
}
