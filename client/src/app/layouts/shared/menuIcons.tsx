import type { ReactElement } from 'react';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BackupOutlined from '@mui/icons-material/BackupOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocationCityOutlined from '@mui/icons-material/LocationCityOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SystemUpdateAltOutlined from '@mui/icons-material/SystemUpdateAltOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import TextFieldsOutlined from '@mui/icons-material/TextFieldsOutlined';
import VerticalAlignBottomOutlined from '@mui/icons-material/VerticalAlignBottomOutlined';

export const GROUP_ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardOutlined />,
  patrimonio: <Inventory2Outlined />,
  imoveis: <HomeWorkOutlined />,
  analise: <AssessmentOutlined />,
  ferramentas: <BuildOutlined />,
  administracao: <AdminPanelSettingsOutlined />,
  configuracoes: <SettingsOutlined />,
  consulta: <SearchOutlined />,
};

export const BOTTOM_BAR_ICONS: Record<string, ReactElement> = {
  '/': <HomeOutlined />,
  '/bens-cadastrados': <Inventory2Outlined />,
  '/imoveis': <HomeWorkOutlined />,
  '/relatorios': <AssessmentOutlined />,
  '/configuracoes/personalizacao': <SettingsOutlined />,
};

export const SUPERUSER_ICONS: Record<string, ReactElement> = {
  '/superuser': <DashboardOutlined />,
  '/superuser/municipalities': <LocationCityOutlined />,
  '/superuser/users': <GroupOutlined />,
  '/superuser/permissions': <LockOutlined />,
  '/superuser/customization': <PaletteOutlined />,
  '/superuser/form-fields': <TextFieldsOutlined />,
  '/superuser/export-templates': <TableChartOutlined />,
  '/superuser/public-search': <SearchOutlined />,
  '/superuser/system-information': <InfoOutlined />,
  '/superuser/footer-customization': <VerticalAlignBottomOutlined />,
  '/superuser/version-update': <SystemUpdateAltOutlined />,
  '/superuser/documentation': <MenuBookOutlined />,
  '/superuser/backups': <BackupOutlined />,
  '/superuser/assets-by-user': <PersonSearchOutlined />,
};

export const FALLBACK_ICONS = {
  item: <DescriptionOutlined />,
  tree: <AccountTreeOutlined />,
  history: <HistoryOutlined />,
};
