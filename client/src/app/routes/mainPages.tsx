import type { ComponentType } from 'react';
import * as P from './lazyPages';

export interface PageProps {
  title: string;
}

/** Screens built so far; any other main route shows its title and an empty state. */
const BUILT: Record<string, ComponentType<PageProps>> = {
  '/': P.DashboardPage,
  '/dashboard': P.DashboardPage,
  '/dashboard/admin': P.DashboardPage,
  '/dashboard/supervisor': P.DashboardPage,
  '/dashboard/usuario': P.DashboardPage,
  '/dashboard/visualizador': P.DashboardPage,
  '/locais': P.LocaisPage,
  '/downloads': P.DownloadsPage,
  '/perfil': P.ProfilePage,
  '/configuracoes': P.SettingsHubPage,
  '/configuracoes/setores': P.SectorsPage,
  '/configuracoes/usuarios': P.UsersPage,
  '/configuracoes/personalizacao': P.PersonalizationPage,
  '/registros-de-atividade': P.AuditLogPage,
  '/bens-cadastrados': P.PatrimoniosListPage,
  '/bens-cadastrados/novo': P.PatrimonioFormPage,
  '/bens-cadastrados/editar/:id': P.PatrimonioFormPage,
  '/bens-cadastrados/novo-lote': P.PatrimonioLotePage,
  '/bens-cadastrados/ver/:id': P.PatrimonioViewPage,
  '/configuracoes/tipos': P.TiposBensPage,
  '/configuracoes/formas-aquisicao': P.FormasAquisicaoPage,
  '/configuracoes/numeracao-bens': P.NumeracaoBensPage,
};

export function pageFor(path: string): ComponentType<PageProps> {
  return BUILT[path] ?? P.PlaceholderPage;
}
