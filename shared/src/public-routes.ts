// Apart from routes.ts: the client's entry chunk reads this table, and a bundle keeps a module whole (the
// menus and the main route table stay off the login route).

/** The signed-out screens' paths and titles. */
export const PUBLIC_ROUTES = [
  { path: '/login', title: 'Entrar' },
  { path: '/esqueci-minha-senha', title: 'Esqueci minha senha' },
  { path: '/redefinir-senha/:token', title: 'Redefinir senha' },
  { path: '/criar-senha/:token', title: 'Criar sua senha' },
  { path: '/consulta-publica', title: 'Consulta Pública' },
  { path: '/consulta-publica/bem/:numero', title: 'Consulta Pública — Bem' },
  { path: '/consulta-publica/:id', title: 'Consulta Pública' },
  { path: '/consulta-publica/imovel/:id', title: 'Consulta Pública — Imóvel' },
] as const;
