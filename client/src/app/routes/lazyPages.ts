import { lazy } from 'react';

/** Every screen is its own chunk (code split per route). */
export const LoginPage = lazy(() => import('../../features/auth/LoginPage'));
export const ForgotPasswordPage = lazy(() => import('../../features/auth/ForgotPasswordPage'));
export const ResetPasswordPage = lazy(() => import('../../features/auth/ResetPasswordPage'));
export const PublicConsultationPage = lazy(() => import('../../features/public/PublicConsultationPage'));

export const MainLayout = lazy(() => import('../layouts/main/MainLayout'));
export const SuperuserLayout = lazy(() => import('../layouts/superuser/SuperuserLayout'));

export const DashboardPage = lazy(() => import('../../features/dashboard/DashboardPage'));
export const SectorsPage = lazy(() => import('../../features/sectors/SectorsPage'));
export const LocaisPage = lazy(() => import('../../features/locais/LocaisPage'));
export const DownloadsPage = lazy(() => import('../../features/downloads/DownloadsPage'));
export const ProfilePage = lazy(() => import('../../features/profile/ProfilePage'));
export const UsersPage = lazy(() => import('../../features/users/UsersPage'));
export const AuditLogPage = lazy(() => import('../../features/audit/AuditLogPage'));
export const PersonalizationPage = lazy(() => import('../../features/customization/PersonalizationPage'));
export const SettingsHubPage = lazy(() => import('../../features/settings/SettingsHubPage'));
export const PatrimoniosListPage = lazy(() => import('../../features/patrimonios/PatrimoniosListPage'));
export const PatrimonioFormPage = lazy(() => import('../../features/patrimonios/PatrimonioFormPage'));
export const PatrimonioLotePage = lazy(() => import('../../features/patrimonios/PatrimonioLotePage'));
export const PatrimonioViewPage = lazy(() => import('../../features/patrimonios/PatrimonioViewPage'));
export const TiposBensPage = lazy(() => import('../../features/catalogs/TiposBensPage'));
export const FormasAquisicaoPage = lazy(() => import('../../features/catalogs/FormasAquisicaoPage'));
export const NumeracaoBensPage = lazy(() => import('../../features/catalogs/NumeracaoBensPage'));
export const PlaceholderPage = lazy(() => import('../../features/placeholders/PlaceholderPage'));

export const SuperuserDashboardPage = lazy(() => import('../../features/superuser/SuperuserDashboardPage'));
export const SuperuserPlaceholderPage = lazy(() => import('../../features/superuser/SuperuserPlaceholderPage'));
export const NotFoundPage = lazy(() => import('../../features/placeholders/NotFoundPage'));
